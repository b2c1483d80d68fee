import Foundation
import NutriChat
import NutriData
import NutriIntent
import NutriStore
import Testing
@testable import NutriServer

/// The conversation on either journal store: the same messages get the same replies whether the journal is the
/// SQLite file of the command line or an account's rows in PostgreSQL, undo and the diary included, and a pending
/// question saved in the store is answered by a new conversation. Skipped without `$NUTRICHAT_HOME` (the full
/// food database).
@Suite("Conversation on both journal stores")
struct ConversationStoreTests {
    static let analyzer: MealAnalyzer? = {
        guard let home = ProcessInfo.processInfo.environment["NUTRICHAT_HOME"], !home.isEmpty,
              FileManager.default.fileExists(atPath: home + "/foods.sqlite") else { return nil }
        guard let services = try? FoodServices(data: .bundled, foodsPath: home + "/foods.sqlite"),
              let classifier = try? IntentClassifier.train(fromDirectory: DataDirectory.bundled.intents) else { return nil }
        return MealAnalyzer(services: services, classifier: classifier)
    }()

    static let messages = [
        "I had 2 eggs and a banana for breakfast", "undo", "redo", "drank 500 ml of water", "I weigh 80 kg",
        "set my calorie goal to 1800", "how many calories today", "delete the banana", "undo", "show my diary",
        "had some rice for lunch",
    ]

    /// Each message's reply text, and the conversation's state after the last one.
    func replies(on journal: any JournalStore, analyzer: MealAnalyzer) throws -> (texts: [String], state: Data) {
        let clock = try #require(Clock.parse("2026-11-21T12:30:00"))
        let conversation = Conversation(analyzer: analyzer, journal: journal, clock: { clock })
        let texts = Self.messages.map { conversation.respond(to: $0).text }
        return (texts, try conversation.savedState())
    }

    @Test func theSameMessagesGetTheSameRepliesOnBothStores() async throws {
        guard let analyzer = Self.analyzer, StoreKind.testable.contains(.postgres) else { return }
        let sqlite = try await StoreKind.sqlite.makeJournal(), postgres = try await StoreKind.postgres.makeJournal()
        let (onSQLite, stateSQLite) = try replies(on: sqlite, analyzer: analyzer)
        let (onPostgres, statePostgres) = try replies(on: postgres, analyzer: analyzer)
        for (index, message) in Self.messages.enumerated() {
            #expect(onSQLite[index] == onPostgres[index], "\(message)")
        }
        #expect(try postgres.entries(on: "2026-11-21").map(\.foodName) == sqlite.entries(on: "2026-11-21").map(\.foodName))
        #expect(onPostgres[1] != onPostgres[2] && onPostgres[6].contains("kcal"), "undo, redo and totals answered")
        #expect(try postgres.entryCount() >= 2 && postgres.lastStep() != nil)
        #expect(try postgres.goals()["energy_kcal"] == 1800 && postgres.water(on: "2026-11-21") == 500)

        // The pending question ("how much rice?") is kept in the store and answered by a new conversation.
        let clock = try #require(Clock.parse("2026-11-21T12:31:00"))
        var answers: [String] = []
        for (journal, state) in [(sqlite, stateSQLite), (postgres, statePostgres)] {
            try journal.saveDialogueState("conversation", state, at: Date())
            let restarted = Conversation(analyzer: analyzer, journal: journal, clock: { clock })
            try restarted.restoreState(try #require(try journal.dialogueState("conversation")))
            answers.append(restarted.respond(to: "1 cup").text)
        }
        #expect(answers[0] == answers[1])
        #expect(try postgres.entries(on: "2026-11-21").map(\.foodName) == sqlite.entries(on: "2026-11-21").map(\.foodName))
    }
}
