import Foundation
import NutriChat
import NutriStore

/// Chats for the custom-food and recipe suites. Each gets its own `FoodServices` over the SR24 fixture, because
/// attaching a journal's custom foods to a catalog must never reach the services other suites share.
enum CustomFixture {
    /// Fresh services over the fixture database the shared ones built.
    static func services() throws -> FoodServices {
        guard let shared = TestServices.services else { throw UserFacingError("test services unavailable") }
        return try FoodServices(data: .bundled, foodsPath: shared.database.path)
    }

    /// A chat with a fixed clock (2026-11-21 12:30 by default) whose catalog reads its in-memory journal.
    static func chat(now: String = "2026-11-21T12:30:00") throws -> ChatHarness {
        let harness = try ChatHarness(now: now, services: try services())
        harness.conversation.analyzer.services.useUserFoods(from: harness.journal)
        return harness
    }
}

extension ChatHarness {
    /// Custom foods by name, in the order they were added.
    var customFoodNames: [String] { ((try? journal.customFoods()) ?? []).map(\.item.name) }

    /// Recipes by name, in the order they were added.
    var recipeNames: [String] { ((try? journal.recipes()) ?? []).map(\.item.record.name) }
}

/// Nearly equal, for sums of rounded snapshots.
func close(_ a: Double?, _ b: Double?, within tolerance: Double = 0.05) -> Bool {
    guard let a, let b else { return false }
    return abs(a - b) <= tolerance
}
