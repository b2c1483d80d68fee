import Foundation
import NutriChat
import NutriStore

/// Where the server keeps each account's journal, chosen by `--database`: a SQLite file per account in the database
/// folder, or the account's rows in PostgreSQL's journal tables. The conversation, the diary, custom foods and every
/// other journal route run on the `JournalStore` it opens, whichever it is.
protocol ServerJournals: Sendable {
    /// The account's journal, created and migrated when new.
    func open(_ account: Account) throws -> any JournalStore
    /// The conversation's saved state (a pending question), nil when it has none.
    func dialogueState(of account: Account, journal: any JournalStore) throws -> Data?
    /// Saves the conversation's state after a reply, so another request, a restart or another server answers it.
    func saveDialogueState(_ state: Data, of account: Account, journal: any JournalStore, at date: Date) throws
    /// The `export --format json` document of the journal.
    func export(_ account: Account, journal: any JournalStore) throws -> String
    /// Removes what the journal keeps beside the account's rows, once the account is deleted.
    func remove(_ account: Account) throws
}

extension ServerDatabase {
    /// The journals that go with the account store this database opened; `files` is the folder it named.
    func journals(store: any AccountStore, files: URL) throws -> any ServerJournals {
        switch self {
        case .folder:
            return SQLiteFolderJournals(folder: files, accounts: store)
        case .postgres:
            guard let store = store as? PostgresAccountStore else {
                throw UserFacingError("a postgres:// database needs its PostgreSQL account store")
            }
            return PostgresServerJournals(journals: try PostgresJournals(accounts: store))
        }
    }
}

/// One SQLite journal per account, `journals/ID/journal.sqlite` in the database folder; the dialogue state is kept
/// by the account store (it commits many accounts' states together).
struct SQLiteFolderJournals: ServerJournals {
    let folder: URL
    let accounts: any AccountStore

    /// Where an account's journal lives: its own folder under `journals/`, named by the account's id.
    func journalFolder(of account: Account) -> URL {
        folder.appendingPathComponent("journals", isDirectory: true).appendingPathComponent(String(account.id), isDirectory: true)
    }

    /// The path of the account's journal file in its folder.
    func journalFile(of account: Account) -> String {
        journalFolder(of: account).appendingPathComponent("journal.sqlite").path
    }

    func open(_ account: Account) throws -> any JournalStore {
        try ServerJournalOptions.openJournal(path: journalFile(of: account))
    }

    func dialogueState(of account: Account, journal: any JournalStore) throws -> Data? {
        try accounts.dialogueState(accountID: account.id)
    }

    func saveDialogueState(_ state: Data, of account: Account, journal: any JournalStore, at date: Date) throws {
        try accounts.saveDialogueState(state, accountID: account.id, at: date)
    }

    /// Written by the CLI's exporter to a scratch file in `exports/` and read back.
    func export(_ account: Account, journal: any JournalStore) throws -> String {
        guard let journal = journal as? Journal else {
            throw UserFacingError("this journal is not a SQLite file; export it through the journal's routes")
        }
        let scratch = folder.appendingPathComponent("exports", isDirectory: true)
        try PrivateFiles.createFolder(scratch)
        let file = scratch.appendingPathComponent("\(account.id)-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try journal.export(to: file, format: .json, home: scratch)
        return try String(contentsOf: file, encoding: .utf8)
    }

    func remove(_ account: Account) throws {
        let journalFolder = journalFolder(of: account)
        if FileManager.default.fileExists(atPath: journalFolder.path) { try FileManager.default.removeItem(at: journalFolder) }
    }
}

/// Every account's journal in PostgreSQL's journal tables, beside the accounts: nothing is written to the files
/// folder, the dialogue state is the journal's own (`journal_dialogue_state`), and deleting the account deletes
/// its rows (every journal table references the account with ON DELETE CASCADE).
struct PostgresServerJournals: ServerJournals {
    /// The key of the conversation's state among the journal's dialogue states.
    static let conversationKey = "conversation"
    let journals: PostgresJournals

    func open(_ account: Account) throws -> any JournalStore {
        journals.store(for: account.id)
    }

    func dialogueState(of account: Account, journal: any JournalStore) throws -> Data? {
        try journal.dialogueState(Self.conversationKey)
    }

    func saveDialogueState(_ state: Data, of account: Account, journal: any JournalStore, at date: Date) throws {
        try journal.saveDialogueState(Self.conversationKey, state, at: date)
    }

    func export(_ account: Account, journal: any JournalStore) throws -> String {
        try ((journal as? PostgresJournalStore) ?? journals.store(for: account.id)).exportJSON()
    }

    func remove(_ account: Account) throws {}
}
