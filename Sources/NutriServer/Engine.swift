import Foundation
import NutriChat
import NutriStore

/// Does the work of every journal endpoint. The reference foods, the classifier and the analyzer are loaded once and
/// shared read-only (their caches lock for themselves; batch `parse` already runs them on every core); each account's
/// conversation and custom foods live in its own `AccountSession`, which serialises that account's requests while
/// requests of different accounts run in parallel. An account's custom foods reach the shared catalog only through
/// the task-local view `FoodCatalog.withUserFoods`, so one account's foods never show in another's answers.
final class Engine: Sendable {
    let analyzer: MealAnalyzer
    let store: any AccountStore
    let folder: URL
    let clock: @Sendable () -> Clock
    /// The dining menus every account's chat answers from.
    let menus: MenuStore?
    let sessions: AccountSessions
    /// The accounts' custom foods as last read, for `parse` without opening a journal.
    let keptFoods: KeptUserFoods
    let timing: PhaseTimes
    /// Where each account's journal lives: SQLite files in `folder`, or PostgreSQL.
    let journals: any ServerJournals

    init(analyzer: MealAnalyzer, store: any AccountStore, folder: URL, clock: @escaping @Sendable () -> Clock,
         menus: MenuStore? = nil, openJournals: Int = AccountSessions.defaultLimit(),
         timing: PhaseTimes = PhaseTimes(enabled: false), journals: (any ServerJournals)? = nil,
         keptFoods: KeptUserFoods = KeptUserFoods()) {
        self.journals = journals ?? SQLiteFolderJournals(folder: folder, accounts: store)
        self.menus = menus
        self.keptFoods = keptFoods
        self.analyzer = analyzer
        self.store = store
        self.folder = folder
        self.clock = clock
        self.sessions = AccountSessions(limit: openJournals)
        self.timing = timing
    }

    /// One chat message: the saved dialogue state is read first and written after the reply, so a question
    /// asked before a restart (or by another server process) is still open. Returns the `chat --json` object.
    func chat(_ account: Account, message: String) async throws -> (json: String, fatal: Bool) {
        let (journals, clock, timing) = (self.journals, self.clock, self.timing)
        return try await withConversation(of: account) { conversation in
            let saved = try timing.measure("chat: read state") {
                try journals.dialogueState(of: account, journal: conversation.journal)
            }
            if let saved { try conversation.restoreState(saved) }
            let reply = timing.measure("chat: reply") {
                conversation.isExit(message) ? conversation.goodbye(to: message) : conversation.respond(to: message)
            }
            let state = try conversation.savedState()
            if state != saved {
                try timing.measure("chat: save state") {
                    try journals.saveDialogueState(state, of: account, journal: conversation.journal, at: clock().now)
                }
            }
            Self.logDamage(conversation.journal)
            return (timing.measure("chat: encode") { reply.json.serialized }, reply.failure?.fatal == true)
        }
    }

    /// The `parse` JSON object for one line, with the account's custom foods and recipes; writes nothing. An account
    /// whose SQLite journal is not open and has not changed since its foods were last read is answered from those
    /// (`KeptUserFoods`) without opening the journal.
    func parse(_ account: Account, text: String) async throws -> String {
        let (analyzer, clock, timing, keptFoods) = (self.analyzer, self.clock, self.timing, self.keptFoods)
        @Sendable func answer(_ phase: String) -> String {
            let analysis = timing.measure(phase) { analyzer.analyze(text, reference: clock().reference) }
            return timing.measure("parse: encode") { analysis.jsonText }
        }
        guard let files = journals as? SQLiteFolderJournals else {
            return try await withConversation(of: account) { _ in answer("parse: analysis") }
        }
        let path = files.journalFile(of: account)
        if !sessions.holds(account.id), let kept = keptFoods.source(of: account.id, journal: path) {
            return FoodCatalog.withUserFoods(kept) { answer("parse: analysis (kept foods)") }
        }
        return try await withConversation(of: account) { _ in
            let stamp = JournalStamp(journal: path)  // before the foods are read, so a later change shows
            let json = answer("parse: analysis")
            keptFoods.keepIfUseful(of: account.id, stamp: stamp) { analyzer.services.catalog.userFoods?.userFoods() ?? [] }
            return json
        }
    }

    /// The `diary --json` object of one day (today when nil).
    func diary(_ account: Account, date: String?) async throws -> String {
        let (clock, timing) = (self.clock, self.timing)
        return try await withConversation(of: account) { conversation in
            let day = try timing.measure("diary: load") {
                try DiaryDay.load(date: date ?? clock().reference.isoDate, journal: conversation.journal)
            }
            Self.logDamage(conversation.journal)
            return timing.measure("diary: encode") { day.json.serialized }
        }
    }

    /// The `foods search --json` array, the account's own foods first.
    func searchFoods(_ account: Account, query: String, limit: Int) async throws -> String {
        let resolver = analyzer.services.resolver
        return try await withConversation(of: account) { _ in
            JSONOutput.line(FoodReport.searchJSON(try resolver.candidates(for: query, limit: limit)))
        }
    }

    /// The `foods show --json` object; nil when no food (of the references or of this account) has the id.
    func showFood(_ account: Account, id: String) async throws -> String? {
        let services = analyzer.services
        return try await withConversation(of: account) { _ in
            guard let report = try? FoodReport(services: services, id: id) else { return nil }
            return JSONOutput.line(report.json())
        }
    }

    /// The `export --format json` document of the account's journal.
    func export(_ account: Account) async throws -> String {
        let journals = self.journals
        return try await withConversation(of: account) { try journals.export(account, journal: $0.journal) }
    }

    /// Creates and migrates a new account's journal, so its first request does not pay for that.
    func prepareJournal(of account: Account) async throws {
        try await withConversation(of: account) { _ in () }
    }

    /// Closes the account's conversation and removes its journal folder (a PostgreSQL journal's rows go with the account).
    func removeJournal(of account: Account) throws {
        sessions.remove(account.id)
        keptFoods.forget(account.id)
        try journals.remove(account)
    }

    /// Runs `body` on the account's conversation, after the account's earlier requests and beside other accounts'.
    func withConversation<T: Sendable>(of account: Account,
                                               _ body: @escaping @Sendable (Conversation) throws -> T) async throws -> T {
        let (analyzer, clock, timing, menus, journals) = (self.analyzer, self.clock, self.timing, self.menus, self.journals)
        let keep = keepingFoods(of: account)
        let session = sessions.checkOut(account.id) { predecessor in
            AccountSession(opener: {
                let conversation = Conversation(analyzer: analyzer, journal: try journals.open(account), clock: clock)
                conversation.menus = menus
                return conversation
            }, closing: keep, after: predecessor)
        }
        defer { sessions.checkIn(account.id) }
        return try await session.perform(timing: timing, body)
    }

    /// For a SQLite journal: keeps the account's custom foods as its idle journal closes (`KeptUserFoods`), stamped
    /// before they are read, so the account's next `parse` is answered without opening the journal again until its
    /// files change. Without it only a `parse` kept them, and a journal opened by chat or the diary was closed with
    /// its foods dropped. Foods that would not be kept (files changed in the last seconds) or are kept already from
    /// the same files are not read (`KeptUserFoods.keepIfUseful`).
    private func keepingFoods(of account: Account) -> (@Sendable (Conversation, JournalFoodSource) -> Void)? {
        guard let files = journals as? SQLiteFolderJournals else { return nil }
        let (path, keptFoods, id) = (files.journalFile(of: account), self.keptFoods, account.id)
        return { _, userFoods in
            keptFoods.keepIfUseful(of: id, stamp: JournalStamp(journal: path)) { userFoods.userFoods() }
        }
    }

    static func logDamage(_ journal: any JournalStore) {
        for row in journal.takeDamageReports() { FileHandle.standardError.write(Data("nutrichat serve: \(row)\n".utf8)) }
    }
}
