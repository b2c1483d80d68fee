import Foundation
import GRDB
import NutriStore

/// The account store of a `--database FOLDER`: `accounts.sqlite` in the folder (WAL, private to its owner), with
/// named, append-only migrations. Every statement binds its values; no SQL is built from request text.
public final class SQLiteAccountStore: AccountStore, @unchecked Sendable {
    let writer: any DatabaseWriter
    private let dialogueStates: GroupCommit<DialogueStateSave>

    /// Opens (creating and migrating as needed) `accounts.sqlite` at `path`, readable by its owner only.
    public init(path: String) throws {
        try PrivateFiles.createFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
        try PrivateFiles.prepareDatabaseFile(path)  // 0600, with its WAL files: it holds password hashes
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.label = "accounts"
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
        // Every request reads its token here, on a thread of the concurrency pool, beside up to 16 a core account
        // sessions reading dialogue state: with GRDB's default of 5 readers a token check waited for a free one and
        // held up that pool thread (and the requests behind it) meanwhile.
        config.maximumReaderCount = 64
        let pool = try DatabasePool(path: path, configuration: config)
        try Self.migrator.migrate(pool)
        writer = pool
        dialogueStates = GroupCommit { try Self.commit($0, to: pool) }
    }

    /// A store in memory, for tests.
    public init() throws {
        var config = Configuration()
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
        let queue = try DatabaseQueue(configuration: config)
        try Self.migrator.migrate(queue)
        writer = queue
        dialogueStates = GroupCommit { try Self.commit($0, to: queue) }
    }

    /// The schema, one named migration per step; new steps are appended, shipped ones never edited.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts") { db in
            try db.execute(sql: """
                CREATE TABLE account (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    username TEXT NOT NULL UNIQUE,
                    password_hash TEXT NOT NULL,
                    created_at REAL NOT NULL);
                CREATE TABLE token (
                    hash TEXT PRIMARY KEY NOT NULL,
                    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    created_at REAL NOT NULL,
                    expires_at REAL NOT NULL);
                CREATE INDEX token_account ON token(account_id);
                CREATE TABLE login_attempt (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    username TEXT NOT NULL,
                    address TEXT,
                    succeeded INTEGER NOT NULL,
                    at REAL NOT NULL);
                CREATE INDEX login_attempt_username ON login_attempt(username, at);
                CREATE INDEX login_attempt_address ON login_attempt(address, at);
                CREATE TABLE audit_log (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    at REAL NOT NULL,
                    kind TEXT NOT NULL,
                    username TEXT NOT NULL,
                    address TEXT);
                CREATE TABLE dialogue_state (
                    account_id INTEGER PRIMARY KEY NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    state BLOB NOT NULL,
                    updated_at REAL NOT NULL);
                """)
        }
        migrator.registerMigration("v2-audit-detail") { db in
            try db.execute(sql: """
                ALTER TABLE audit_log ADD COLUMN detail TEXT;
                CREATE INDEX audit_log_kind_address ON audit_log(kind, address, at);
                """)
        }
        return migrator
    }

    public func createAccount(username: String, passwordHash: String, at: Date) throws -> Account {
        try writer.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE username = ?", arguments: [username]) == true {
                throw AccountStoreError.usernameTaken
            }
            try db.execute(sql: "INSERT INTO account (username, password_hash, created_at) VALUES (?, ?, ?)",
                           arguments: [username, passwordHash, at.timeIntervalSince1970])
            return Account(id: db.lastInsertedRowID, username: username, passwordHash: passwordHash, createdAt: at)
        }
    }

    /// A read of one statement, which SQLite runs in a snapshot of its own: without the transaction `read` wraps
    /// around it, whose BEGIN and COMMIT GRDB compiles and runs each time (the token check runs on every request,
    /// the dialogue state's read on every chat message).
    private func singleStatementRead<T>(_ statement: (Database) throws -> T) throws -> T {
        try writer.unsafeRead(statement)
    }

    public func account(named username: String) throws -> Account? {
        try writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM account WHERE username = ?", arguments: [username]).map(Self.account)
        }
    }

    public func deleteAccount(id: Int64) throws {
        try writer.write { db in
            // Tokens and the dialogue state go with the account (ON DELETE CASCADE).
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id])
        }
    }

    public func saveToken(hash: String, accountID: Int64, created: Date, expires: Date) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT INTO token (hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                           arguments: [hash, accountID, created.timeIntervalSince1970, expires.timeIntervalSince1970])
        }
    }

    public func account(forTokenHash hash: String, now: Date) throws -> Account? {
        try singleStatementRead { db in
            // Run on every request: compiled once per connection (`cachedStatement`), not at each request.
            try Row.fetchOne(db.cachedStatement(sql: """
                SELECT account.* FROM token JOIN account ON account.id = token.account_id
                WHERE token.hash = ? AND token.expires_at > ?
                """), arguments: [hash, now.timeIntervalSince1970]).map(Self.account)
        }
    }

    public func revokeToken(hash: String) throws {
        try writer.write { db in try db.execute(sql: "DELETE FROM token WHERE hash = ?", arguments: [hash]) }
    }

    public func recordLoginAttempt(username: String, address: String?, succeeded: Bool, at: Date) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT INTO login_attempt (username, address, succeeded, at) VALUES (?, ?, ?, ?)",
                           arguments: [username, address, succeeded, at.timeIntervalSince1970])
        }
    }

    public func failedLogins(username: String, since: Date) throws -> [Date] {
        try failures(column: "username", value: username, since: since)
    }

    public func failedLogins(address: String, since: Date) throws -> [Date] {
        try failures(column: "address", value: address, since: since)
    }

    /// Failed attempts for one name or one address; `column` is one of two fixed names, never request text.
    private func failures(column: String, value: String, since: Date) throws -> [Date] {
        let sql = column == "address"
            ? "SELECT at FROM login_attempt WHERE address = ? AND succeeded = 0 AND at >= ? ORDER BY at"
            : "SELECT at FROM login_attempt WHERE username = ? AND succeeded = 0 AND at >= ? ORDER BY at"
        return try writer.read { db in
            try Double.fetchAll(db, sql: sql, arguments: [value, since.timeIntervalSince1970])
                .map { Date(timeIntervalSince1970: $0) }
        }
    }

    public func audit(_ event: AuditEvent) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT INTO audit_log (at, kind, username, address, detail) VALUES (?, ?, ?, ?, ?)",
                           arguments: [event.at.timeIntervalSince1970, event.kind.rawValue, event.username, event.address,
                                       event.detail])
        }
    }

    public func auditLog(limit: Int) throws -> [AuditEvent] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM (SELECT * FROM audit_log ORDER BY id DESC LIMIT ?) ORDER BY id",
                             arguments: [limit]).compactMap { row -> AuditEvent? in
                guard let kind = AuditKind(rawValue: row["kind"]) else { return nil }
                return AuditEvent(at: Date(timeIntervalSince1970: row["at"]), kind: kind, username: row["username"],
                                  address: row["address"], detail: row["detail"])
            }
        }
    }

    public func auditTimes(kind: AuditKind, address: String, since: Date) throws -> [Date] {
        try writer.read { db in
            try Double.fetchAll(db, sql: "SELECT at FROM audit_log WHERE kind = ? AND address = ? AND at >= ? ORDER BY at",
                                arguments: [kind.rawValue, address, since.timeIntervalSince1970])
                .map { Date(timeIntervalSince1970: $0) }
        }
    }

    public func dialogueState(accountID: Int64) throws -> Data? {
        try singleStatementRead { db in
            try Data.fetchOne(db.cachedStatement(sql: "SELECT state FROM dialogue_state WHERE account_id = ?"),
                              arguments: [accountID])
        }
    }

    /// Written after almost every chat message of every account, so its commit does not wait for the disk
    /// (`synchronous = NORMAL` for these transactions; in WAL mode a commit is still atomic and survives the
    /// server's crash). A power cut may lose the last moments of dialogue state, never an account, a token or an
    /// entry: their commits, and the next checkpoint, sync the log as before. Waiting for the disk here made every
    /// chat of every account queue behind one file's syncs; the saves of many accounts at once go in one
    /// transaction (`GroupCommit`), and each returns once its own state is committed.
    public func saveDialogueState(_ state: Data, accountID: Int64, at: Date) throws {
        try dialogueStates.submit(DialogueStateSave(accountID: accountID, state: state, at: at))
    }

    private static func commit(_ saves: [DialogueStateSave], to writer: any DatabaseWriter) throws {
        try writer.writeWithoutTransaction { db in
            try db.cachedStatement(sql: "PRAGMA synchronous = NORMAL").execute()
            defer { try? db.cachedStatement(sql: "PRAGMA synchronous = FULL").execute() }
            try db.inTransaction {
                let upsert = try db.cachedStatement(sql: """
                    INSERT INTO dialogue_state (account_id, state, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT(account_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                    """)
                for save in saves {
                    try upsert.execute(arguments: [save.accountID, save.state, save.at.timeIntervalSince1970])
                }
                return .commit
            }
        }
    }

    private static func account(_ row: Row) -> Account {
        Account(id: row["id"], username: row["username"], passwordHash: row["password_hash"],
                createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}

/// One account's dialogue state waiting to be written.
private struct DialogueStateSave {
    let accountID: Int64
    let state: Data
    let at: Date
}
