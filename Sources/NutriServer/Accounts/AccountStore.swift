import Foundation

/// One account of the server.
public struct Account: Sendable, Equatable {
    /// Never reused, so a name taken again after a deletion never meets the old data.
    public var id: Int64
    public var username: String
    /// The bcrypt hash of the password (never the password, never logged).
    public var passwordHash: String
    public var createdAt: Date
}

/// What the audit log records. It never holds a password or a token.
public enum AuditKind: String, Sendable, CaseIterable {
    case accountCreated = "account_created"
    case accountDeleted = "account_deleted"
    case login
    case loginFailed = "login_failed"
    case loginRateLimited = "login_rate_limited"
    case logout
    /// A sign-up refused because the address created too many accounts within the window.
    case signUpRateLimited = "signup_rate_limited"
    /// An operator imported dining menus (`detail` says how many items, for which places and days).
    case menusImported = "menus_imported"
}

/// One line of the audit log.
public struct AuditEvent: Sendable, Equatable {
    public var at: Date
    public var kind: AuditKind
    /// The account's name as given (for a failed login, the name tried).
    public var username: String
    /// The client's address, when known.
    public var address: String?
    /// What the event changed, when that matters ("12 items: North Hall on 2026-11-21").
    public var detail: String? = nil
}

/// Errors of an account store that a request can cause.
public enum AccountStoreError: Error, Equatable {
    case usernameTaken
}

/// Accounts, hashed tokens, login attempts, the audit log and each account's saved dialogue state. The SQLite
/// folder store implements it today; a PostgreSQL store implements the same protocol later.
public protocol AccountStore: Sendable {
    /// Adds an account; throws `AccountStoreError.usernameTaken` when the name exists.
    func createAccount(username: String, passwordHash: String, at: Date) throws -> Account
    /// The account with this name, if any.
    func account(named username: String) throws -> Account?
    /// Deletes the account with its tokens, attempts' link and dialogue state (the audit log keeps its lines).
    func deleteAccount(id: Int64) throws

    /// Stores a token by its SHA-256 hash, valid until `expires`.
    func saveToken(hash: String, accountID: Int64, created: Date, expires: Date) throws
    /// The account a token hash belongs to, when it exists and has not expired at `now`.
    func account(forTokenHash hash: String, now: Date) throws -> Account?
    /// Whether a call waits for another server (PostgreSQL) rather than a local file: the HTTP routes then make it
    /// off the few threads of the concurrency pool (`BlockingLanes`).
    var waitsOnNetwork: Bool { get }
    /// Forgets one token (log out).
    func revokeToken(hash: String) throws

    /// Records a login attempt for rate limiting.
    func recordLoginAttempt(username: String, address: String?, succeeded: Bool, at: Date) throws
    /// Times of failed logins since `since` for this name, oldest first.
    func failedLogins(username: String, since: Date) throws -> [Date]
    /// Times of failed logins since `since` from this address, oldest first.
    func failedLogins(address: String, since: Date) throws -> [Date]

    /// Appends a line to the audit log.
    func audit(_ event: AuditEvent) throws
    /// The latest audit lines, newest last.
    func auditLog(limit: Int) throws -> [AuditEvent]
    /// Times of audit lines of one kind from one address since `since`, oldest first (sign-up rate limiting).
    func auditTimes(kind: AuditKind, address: String, since: Date) throws -> [Date]

    /// The dialogue state saved for an account, if any.
    func dialogueState(accountID: Int64) throws -> Data?
    /// Replaces the dialogue state saved for an account.
    func saveDialogueState(_ state: Data, accountID: Int64, at: Date) throws
}

extension AccountStore {
    public var waitsOnNetwork: Bool { false }
}
