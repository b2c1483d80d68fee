import Foundation
import NutriChat
import NutriData
import NutriIntent
import NutriLanguage
import NutriStore

/// Shared, read-only test services over the SR24 fixture, built once per test process.
enum TestServices {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-chat-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static let fixture: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sr24", isDirectory: true)

    static let services: FoodServices? = {
        do {
            let catalogs = try ReferenceCatalogs.load(from: DataDirectory.bundled.lexicon)
            let path = folder.appendingPathComponent("foods.sqlite")
            _ = try FoodDatabaseBuilder(catalogs: catalogs).build(from: .folder(fixture), sourceDescription: "fixture", into: path)
            return try FoodServices(data: .bundled, foodsPath: path.path)
        } catch {
            print("test services failed: \(error)")
            return nil
        }
    }()

    static let classifier: IntentClassifier? = try? IntentClassifier.train(fromDirectory: DataDirectory.bundled.intents)

    static func analyzer() throws -> MealAnalyzer {
        guard let services, let classifier else { throw UserFacingError("test services unavailable") }
        return MealAnalyzer(services: services, classifier: classifier)
    }

    /// The full installed database, for integration tests that skip without it.
    static let fullServices: FoodServices? = {
        let env = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let home = env["NUTRICHAT_HOME"] { candidates.append(home + "/foods.sqlite") }
        if let xdg = env["XDG_DATA_HOME"] { candidates.append(xdg + "/nutrichat/foods.sqlite") }
        if let home = env["HOME"] { candidates.append(home + "/.local/share/nutrichat/foods.sqlite") }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
        return try? FoodServices(data: .bundled, foodsPath: path)
    }()
}

/// A conversation with a fixed clock over an in-memory journal: the unit of a transcript test.
final class ChatHarness {
    let conversation: Conversation
    let journal: Journal

    init(now: String = "2026-11-21T12:30:00", services: FoodServices? = TestServices.services,
         journal: Journal? = nil) throws {
        guard let services, let classifier = TestServices.classifier, let clock = Clock.parse(now) else {
            throw UserFacingError("test services unavailable")
        }
        self.journal = try journal ?? Journal()
        conversation = Conversation(analyzer: MealAnalyzer(services: services, classifier: classifier), journal: self.journal,
                                    clock: { clock })
    }

    @discardableResult
    func say(_ text: String) -> Reply { conversation.respond(to: text) }

    var entries: [JournalEntry] { (try? journal.entries(from: "2000-01-01", to: "2999-12-31")) ?? [] }
}
