import Foundation
import NutriChat
import NutriStore

/// Does the work of every journal endpoint, one request at a time. The reference foods, the classifier and the
/// analyzer are loaded once and shared, and an account's custom foods are attached to the shared catalog for the
/// length of its request; serialising the work here keeps one account's foods out of another's answers and each
/// account's `Conversation` (not safe to share between threads) on one thread at a time.
actor Engine {
    let analyzer: MealAnalyzer
    let store: any AccountStore
    let folder: URL
    let clock: @Sendable () -> Clock
    /// The dining menus every account's chat answers from.
    let menus: MenuStore?
    /// Open conversations by account id, most recently used last; at most `openLimit` stay open (each holds a
    /// journal's connections: a few file descriptors and SQLite's page cache).
    private var open: [Int64: Conversation] = [:]
    private var recent: [Int64] = []
    private let openLimit = 512

    init(analyzer: MealAnalyzer, store: any AccountStore, folder: URL, clock: @escaping @Sendable () -> Clock,
         menus: MenuStore? = nil) {
        self.menus = menus
        self.analyzer = analyzer
        self.store = store
        self.folder = folder
        self.clock = clock
    }

    /// Where an account's journal lives: its own folder under `journals/`, named by the account's id.
    nonisolated func journalFolder(of account: Account) -> URL {
        folder.appendingPathComponent("journals", isDirectory: true).appendingPathComponent(String(account.id), isDirectory: true)
    }

    /// One chat message: the saved dialogue state is read first and written after the reply, so a question
    /// asked before a restart (or by another server process) is still open. Returns the `chat --json` object.
    func chat(_ account: Account, message: String) throws -> (json: String, fatal: Bool) {
        let conversation = try conversation(for: account)
        if let saved = try store.dialogueState(accountID: account.id) { try conversation.restoreState(saved) }
        let reply = conversation.isExit(message) ? conversation.goodbye(to: message) : conversation.respond(to: message)
        try store.saveDialogueState(try conversation.savedState(), accountID: account.id, at: clock().now)
        logDamage(conversation.journal)
        return (reply.json.serialized, reply.failure?.fatal == true)
    }

    /// The `parse` JSON object for one line, with the account's custom foods and recipes; writes nothing.
    func parse(_ account: Account, text: String) throws -> String {
        _ = try conversation(for: account)
        return analyzer.analyze(text, reference: clock().reference).jsonText
    }

    /// The `diary --json` object of one day (today when nil).
    func diary(_ account: Account, date: String?) throws -> String {
        let journal = try conversation(for: account).journal
        let day = try DiaryDay.load(date: date ?? clock().reference.isoDate, journal: journal)
        logDamage(journal)
        return day.json.serialized
    }

    /// The `foods search --json` array, the account's own foods first.
    func searchFoods(_ account: Account, query: String, limit: Int) throws -> String {
        _ = try conversation(for: account)
        return JSONOutput.line(FoodReport.searchJSON(try analyzer.services.resolver.candidates(for: query, limit: limit)))
    }

    /// The `foods show --json` object; nil when no food (of the references or of this account) has the id.
    func showFood(_ account: Account, id: String) throws -> String? {
        _ = try conversation(for: account)
        guard let report = try? FoodReport(services: analyzer.services, id: id) else { return nil }
        return JSONOutput.line(report.json())
    }

    /// The `export --format json` document of the account's journal.
    func export(_ account: Account) throws -> String {
        let journal = try conversation(for: account).journal
        let scratch = folder.appendingPathComponent("exports", isDirectory: true)
        try PrivateFiles.createFolder(scratch)
        let file = scratch.appendingPathComponent("\(account.id)-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try journal.export(to: file, format: .json, home: scratch)
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// Creates and migrates a new account's journal, so its first request does not pay for that.
    func prepareJournal(of account: Account) throws {
        _ = try conversation(for: account)
    }

    /// Closes the account's conversation and removes its journal folder.
    func removeJournal(of account: Account) throws {
        open[account.id] = nil
        recent.removeAll { $0 == account.id }
        let journalFolder = journalFolder(of: account)
        if FileManager.default.fileExists(atPath: journalFolder.path) { try FileManager.default.removeItem(at: journalFolder) }
    }

    /// The account's open conversation (its journal opened and migrated on first use), with its custom foods
    /// attached to the shared catalog for this request.
    private func conversation(for account: Account) throws -> Conversation {
        let conversation: Conversation
        if let cached = open[account.id] {
            conversation = cached
            recent.removeAll { $0 == account.id }
        } else {
            let path = journalFolder(of: account).appendingPathComponent("journal.sqlite").path
            let clock = self.clock
            conversation = Conversation(analyzer: analyzer, journal: try Journal(path: path), clock: clock)
            conversation.menus = menus
            open[account.id] = conversation
            if recent.count >= openLimit { open[recent.removeFirst()] = nil }
        }
        recent.append(account.id)
        analyzer.services.useUserFoods(from: conversation.journal)
        return conversation
    }

    private func logDamage(_ journal: Journal) {
        for row in journal.takeDamageReports() { FileHandle.standardError.write(Data("nutrichat serve: \(row)\n".utf8)) }
    }
}
