import Foundation
import PostgresNIO

/// The account store of a `--database postgres://…`: accounts, hashed tokens, login attempts, the audit log and
/// dialogue state in PostgreSQL, with named, append-only migrations. Every value is bound, never spliced into SQL;
/// several server processes can share one database (each statement stands alone, so none needs a transaction).
public final class PostgresAccountStore: AccountStore, @unchecked Sendable {
    let session: PostgresSession
    /// A random id the database keeps for good, so journals kept in files are never matched with another
    /// database's accounts (their ids start at 1 in every database).
    public let installationID: String

    /// Every call is a round trip to PostgreSQL.
    public var waitsOnNetwork: Bool { true }

    /// Connects to the database and migrates the account tables.
    public init(location: PostgresLocation) throws {
        session = try PostgresSession(location: location)
        try Self.migrator.migrate(session)
        let ids = try session.rows("SELECT id::text FROM account_installation").map { try $0.decode(String.self) }
        guard let id = ids.first else { throw PostgresStoreError(UserFacingMigrationError(store: "accounts", name: "?"),
                                                                 location: location) }
        installationID = id
    }

    /// The schema, one named step at a time; new steps are appended, shipped ones never edited.
    static var migrator: PostgresMigrator {
        var migrator = PostgresMigrator(store: "accounts")
        migrator.register("v1-accounts", [
            """
            CREATE TABLE account (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                username TEXT NOT NULL UNIQUE,
                password_hash TEXT NOT NULL,
                created_at TIMESTAMPTZ NOT NULL)
            """,
            """
            CREATE TABLE token (
                hash TEXT PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                created_at TIMESTAMPTZ NOT NULL,
                expires_at TIMESTAMPTZ NOT NULL)
            """,
            "CREATE INDEX token_account ON token(account_id)",
            """
            CREATE TABLE login_attempt (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                username TEXT NOT NULL,
                address TEXT,
                succeeded BOOLEAN NOT NULL,
                at TIMESTAMPTZ NOT NULL)
            """,
            "CREATE INDEX login_attempt_username ON login_attempt(username, at)",
            "CREATE INDEX login_attempt_address ON login_attempt(address, at)",
            """
            CREATE TABLE audit_log (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                at TIMESTAMPTZ NOT NULL,
                kind TEXT NOT NULL,
                username TEXT NOT NULL,
                address TEXT)
            """,
            """
            CREATE TABLE dialogue_state (
                account_id BIGINT PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
                state BYTEA NOT NULL,
                updated_at TIMESTAMPTZ NOT NULL)
            """,
            "CREATE TABLE account_installation (id UUID PRIMARY KEY DEFAULT gen_random_uuid())",
            "INSERT INTO account_installation DEFAULT VALUES",
        ])
        migrator.register("v2-audit-detail", [
            "ALTER TABLE audit_log ADD COLUMN detail TEXT",
            "CREATE INDEX audit_log_kind_address ON audit_log(kind, address, at)",
        ])
        return migrator
    }

    public func createAccount(username: String, passwordHash: String, at: Date) throws -> Account {
        // The unique name decides in one statement, so two servers creating the same name at once cannot both win.
        let ids = try session.rows("""
            INSERT INTO account (username, password_hash, created_at) VALUES (\(username), \(passwordHash), \(at))
            ON CONFLICT (username) DO NOTHING RETURNING id
            """).map { try $0.decode(Int64.self) }
        guard let id = ids.first else { throw AccountStoreError.usernameTaken }
        return Account(id: id, username: username, passwordHash: passwordHash, createdAt: at)
    }

    public func account(named username: String) throws -> Account? {
        try session.rows("SELECT id, username, password_hash, created_at FROM account WHERE username = \(username)")
            .first.map(Self.account)
    }

    public func deleteAccount(id: Int64) throws {
        // Tokens and the dialogue state go with the account (ON DELETE CASCADE).
        try session.rows("DELETE FROM account WHERE id = \(id)")
    }

    public func saveToken(hash: String, accountID: Int64, created: Date, expires: Date) throws {
        try session.rows("""
            INSERT INTO token (hash, account_id, created_at, expires_at) VALUES (\(hash), \(accountID), \(created), \(expires))
            """)
    }

    public func account(forTokenHash hash: String, now: Date) throws -> Account? {
        try session.rows("""
            SELECT account.id, account.username, account.password_hash, account.created_at
            FROM token JOIN account ON account.id = token.account_id
            WHERE token.hash = \(hash) AND token.expires_at > \(now)
            """).first.map(Self.account)
    }

    public func revokeToken(hash: String) throws {
        try session.rows("DELETE FROM token WHERE hash = \(hash)")
    }

    public func recordLoginAttempt(username: String, address: String?, succeeded: Bool, at: Date) throws {
        try session.rows("""
            INSERT INTO login_attempt (username, address, succeeded, at) VALUES (\(username), \(address), \(succeeded), \(at))
            """)
    }

    public func failedLogins(username: String, since: Date) throws -> [Date] {
        try session.rows("""
            SELECT at FROM login_attempt WHERE username = \(username) AND NOT succeeded AND at >= \(since) ORDER BY at
            """).map { try $0.decode(Date.self) }
    }

    public func failedLogins(address: String, since: Date) throws -> [Date] {
        try session.rows("""
            SELECT at FROM login_attempt WHERE address = \(address) AND NOT succeeded AND at >= \(since) ORDER BY at
            """).map { try $0.decode(Date.self) }
    }

    public func audit(_ event: AuditEvent) throws {
        try session.rows("""
            INSERT INTO audit_log (at, kind, username, address, detail)
            VALUES (\(event.at), \(event.kind.rawValue), \(event.username), \(event.address), \(event.detail))
            """)
    }

    public func auditLog(limit: Int) throws -> [AuditEvent] {
        try session.rows("""
            SELECT at, kind, username, address, detail FROM
                (SELECT * FROM audit_log ORDER BY id DESC LIMIT \(limit)) AS latest ORDER BY id
            """).compactMap { row -> AuditEvent? in
            let (at, kind, username, address, detail) = try row.decode((Date, String, String, String?, String?).self)
            guard let kind = AuditKind(rawValue: kind) else { return nil }
            return AuditEvent(at: at, kind: kind, username: username, address: address, detail: detail)
        }
    }

    public func auditTimes(kind: AuditKind, address: String, since: Date) throws -> [Date] {
        try session.rows("""
            SELECT at FROM audit_log WHERE kind = \(kind.rawValue) AND address = \(address) AND at >= \(since) ORDER BY at
            """).map { try $0.decode(Date.self) }
    }

    public func dialogueState(accountID: Int64) throws -> Data? {
        try session.rows("SELECT state FROM dialogue_state WHERE account_id = \(accountID)")
            .first.map { try $0.decode(Data.self) }
    }

    public func saveDialogueState(_ state: Data, accountID: Int64, at: Date) throws {
        try session.rows("""
            INSERT INTO dialogue_state (account_id, state, updated_at) VALUES (\(accountID), \(state), \(at))
            ON CONFLICT (account_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
            """)
    }

    private static func account(_ row: PostgresRow) throws -> Account {
        let (id, username, hash, created) = try row.decode((Int64, String, String, Date).self)
        return Account(id: id, username: username, passwordHash: hash, createdAt: created)
    }
}
