import Foundation
import NutriStore
import PostgresNIO
import Testing
@testable import NutriServer

/// Two servers on one PostgreSQL database give one account's name to a custom food and a recipe at the same time:
/// the second is refused in the journal's words, whichever table it writes.
@Suite("Journal store name race", .serialized, .enabled(if: PostgresTestServer.available))
struct JournalStoreNameRaceTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Server A holds its new custom food in an open transaction (it has checked the name, not yet committed) while
    /// server B, on its own connection, checks the same name (free, as far as it can see) and writes a recipe; B
    /// waits for A and is then refused.
    @Test func theSecondOfTwoServersTakingOneNameIsRefused() async throws {
        let (first, serverA, serverB) = try await twoServers()

        try first.session.rows("BEGIN")
        try serverA.addCustomFood(CustomFoodRecord(name: "Bar two", servingQuantity: 1, servingUnit: "bar", servingGrams: 60,
                                                   nutrients: ["energy_kcal": 200], createdAt: now))
        let recipe = RecipeRecord(name: "bar TWO", servings: 1, text: "command", createdAt: now)
        let items = [RecipeIngredientRecord(text: "1 cup milk", foodId: "usda:01077", foodName: "Milk", quantity: 1, unit: "cup",
                                            grams: 244, nutrients: ["energy_kcal": 149])]
        async let outcome = Self.offPool { () -> Error? in
            do { _ = try serverB.addRecipe(recipe, ingredients: items); return nil } catch { return error }
        }
        try await Self.waitForALockWaiter(first.session)
        try first.session.rows("COMMIT")
        let refusal = try #require(await outcome, "server B saved a recipe named like server A's custom food")
        #expect(refusal as? StoreError == .invalidValue("there is already a custom food called 'Bar two'"))
        #expect(try serverB.recipes(sortedBy: .added).isEmpty && serverB.customFoods(sortedBy: .added).count == 1)
    }

    /// The same race through renames: a recipe renamed by B to the name A's custom food was just renamed to.
    @Test func aRenameRacingAnotherServersRenameIsRefused() async throws {
        let (first, serverA, serverB) = try await twoServers()
        var food = try serverA.addCustomFood(CustomFoodRecord(name: "granola", servingQuantity: 1, servingUnit: "cup",
                                                              servingGrams: nil, nutrients: ["energy_kcal": 400], createdAt: now))
        let saved = try serverB.addRecipe(RecipeRecord(name: "oats", servings: 1, text: "command", createdAt: now),
                                          ingredients: [RecipeIngredientRecord(text: "1 cup milk", foodId: "usda:01077",
                                                                               foodName: "Milk", quantity: 1, unit: "cup",
                                                                               grams: 244, nutrients: ["energy_kcal": 149])])
        try first.session.rows("BEGIN")
        food.name = "Breakfast"
        try serverA.updateCustomFood(food, at: now)
        var change = saved.record
        change.name = "breakfast"
        let renamed = change
        async let outcome = Self.offPool { () -> Error? in
            do { _ = try serverB.updateRecipe(renamed, ingredients: nil, at: Date()); return nil } catch { return error }
        }
        try await Self.waitForALockWaiter(first.session)
        try first.session.rows("COMMIT")
        let refusal = try #require(await outcome, "server B renamed its recipe to server A's custom food's name")
        #expect(refusal as? StoreError == .invalidValue("there is already a custom food called 'Breakfast'"))
        #expect(try serverB.recipe(named: "oats") != nil)
    }

    /// One account's journal as two servers see it, each through its own connection; the first one's account store
    /// (for opening a transaction on its connection) comes first.
    func twoServers() async throws -> (PostgresAccountStore, PostgresJournalStore, PostgresJournalStore) {
        let url = try await PostgresTestServer.shared.newDatabase()
        let first = try PostgresAccountStore(location: try PostgresLocation(url: url))
        let account = try first.createAccount(username: "alice", passwordHash: "h", at: now)
        let second = try PostgresAccountStore(location: try PostgresLocation(url: url))
        return (first, try PostgresJournals(accounts: first).store(for: account.id),
                try PostgresJournals(accounts: second).store(for: account.id))
    }

    /// Runs blocking work on a thread of its own, never one of the test pool's.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    /// Waits until a session of the database waits for an advisory lock (server B reached the name check); gives up
    /// after a while, so a store without the check fails on its result instead of hanging.
    static func waitForALockWaiter(_ session: PostgresSession) async throws {
        for _ in 0..<400 {
            let waiting = try session.rows("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
                .first?.decode(Int.self) ?? 0
            if waiting > 0 { return }
            try await Task.sleep(nanoseconds: 25_000_000)
        }
    }
}
