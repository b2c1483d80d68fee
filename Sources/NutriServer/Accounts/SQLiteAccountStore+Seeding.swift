import Foundation
import GRDB

extension SQLiteAccountStore {
    /// A load-test shortcut, not a way to sign people up: creates many accounts in one transaction, all with the same
    /// (precomputed) password hash and each with one token, given by its SHA-256 hash. Signing up 10,000 accounts
    /// through `POST /v1/accounts` hashes 10,000 passwords with bcrypt, which takes minutes and measures bcrypt.
    /// Returns the new accounts' ids in the order of `accounts`; throws `usernameTaken` when a name exists.
    public func seedAccounts(_ accounts: [(username: String, tokenHash: String)], passwordHash: String,
                             at created: Date, tokensExpire expires: Date) throws -> [Int64] {
        try writer.write { db in
            var ids: [Int64] = []
            ids.reserveCapacity(accounts.count)
            for account in accounts {
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE username = ?", arguments: [account.username]) == true {
                    throw AccountStoreError.usernameTaken
                }
                try db.execute(sql: "INSERT INTO account (username, password_hash, created_at) VALUES (?, ?, ?)",
                               arguments: [account.username, passwordHash, created.timeIntervalSince1970])
                let id = db.lastInsertedRowID
                try db.execute(sql: "INSERT INTO token (hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                               arguments: [account.tokenHash, id, created.timeIntervalSince1970, expires.timeIntervalSince1970])
                ids.append(id)
            }
            return ids
        }
    }
}
