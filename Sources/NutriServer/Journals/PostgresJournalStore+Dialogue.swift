import Foundation
import NutriStore
import PostgresNIO

/// The dialogue's saved state and liked suggestions of one account in PostgreSQL, with the rules of the SQLite
/// journal; each write is one statement.
extension PostgresJournalStore {
    public func dialogueState(_ key: String) throws -> Data? {
        try session.rows("""
            SELECT state FROM journal_dialogue_state WHERE account_id = \(accountID) AND key = \(key)
            """).first?.decode(Data.self)
    }

    public func saveDialogueState(_ key: String, _ state: Data?, at date: Date) throws {
        try JournalRules.checkDialogueState(key, state)
        guard let state else {
            try session.rows("DELETE FROM journal_dialogue_state WHERE account_id = \(accountID) AND key = \(key)")
            return
        }
        try session.rows("""
            INSERT INTO journal_dialogue_state (account_id, key, state, updated_at) VALUES (\(accountID), \(key), \(state), \(date))
            ON CONFLICT (account_id, key) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
            """)
    }

    public func likedSuggestions() throws -> Set<String> {
        Set(try session.rows("SELECT title FROM journal_suggestion_like WHERE account_id = \(accountID)")
            .map { try $0.decode(String.self).lowercased() })
    }

    public func likeSuggestion(title: String, source: String, at date: Date) throws {
        let trimmed = try JournalRules.likedTitle(title, source: source)
        // The first like of a title stays, as SQLite's INSERT OR IGNORE keeps it.
        try session.rows("""
            INSERT INTO journal_suggestion_like (account_id, title, source, created_at)
            VALUES (\(accountID), \(trimmed), \(source), \(date)) ON CONFLICT DO NOTHING
            """)
    }
}
