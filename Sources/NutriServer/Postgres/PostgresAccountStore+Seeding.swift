import Foundation
import PostgresNIO

extension PostgresAccountStore {
    /// The load bench's shortcut on PostgreSQL, as `SQLiteAccountStore.seedAccounts`: many accounts in one statement,
    /// all with one precomputed password hash and each with one token, given by its SHA-256 hash; their journals need
    /// no seeding (an account's journal rows are written as it uses them). Returns the new ids in the order of
    /// `accounts`; a name that exists fails the whole statement and nothing is written.
    public func seedAccounts(_ accounts: [(username: String, tokenHash: String)], passwordHash: String,
                             at created: Date, tokensExpire expires: Date) throws -> [Int64] {
        let names = accounts.map(\.username)
        let hashes = accounts.map(\.tokenHash)
        return try session.rows("""
            WITH given AS (SELECT * FROM unnest(\(names)::text[], \(hashes)::text[]) WITH ORDINALITY AS g(username, hash, n)),
                 added AS (INSERT INTO account (username, password_hash, created_at)
                           SELECT username, \(passwordHash), \(created) FROM given ORDER BY n RETURNING id, username),
                 tokens AS (INSERT INTO token (hash, account_id, created_at, expires_at)
                            SELECT given.hash, added.id, \(created), \(expires) FROM given JOIN added USING (username)
                            RETURNING account_id)
            SELECT added.id FROM added JOIN given USING (username) ORDER BY given.n
            """).map { try $0.decode(Int64.self) }
    }
}
