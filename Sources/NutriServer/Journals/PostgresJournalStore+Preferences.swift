import Foundation
import NutriStore
import PostgresNIO

/// Food preferences and settings of one account in PostgreSQL, with the rules of the SQLite journal; each write is
/// one statement.
extension PostgresJournalStore {
    public func addPreference(_ record: PreferenceRecord) throws -> PreferenceRecord {
        try JournalRules.check(record)
        // One statement: the earlier preference about the item goes and the new one comes last, as in SQLite.
        var saved = record
        saved.id = try session.rows("""
            WITH old AS (DELETE FROM journal_preference WHERE account_id = \(accountID) AND item = \(record.item))
            INSERT INTO journal_preference (account_id, kind, item, text, created_at)
            VALUES (\(accountID), \(record.kind.rawValue), \(record.item), \(record.text), \(record.createdAt)) RETURNING id
            """).first?.decode(Int64.self)
        return saved
    }

    public func preferences() throws -> [PreferenceRecord] {
        try session.rows("""
            SELECT id, kind, item, text, created_at FROM journal_preference WHERE account_id = \(accountID) ORDER BY id
            """).compactMap(Self.preference)
    }

    public func removePreference(item: String) throws -> PreferenceRecord? {
        try session.rows("""
            DELETE FROM journal_preference WHERE account_id = \(accountID) AND item = \(item)
            RETURNING id, kind, item, text, created_at
            """).compactMap(Self.preference).min { ($0.id ?? 0) < ($1.id ?? 0) }
    }

    public func settings() throws -> [String: String] {
        Dictionary(try session.rows("SELECT key, value FROM journal_setting WHERE account_id = \(accountID)")
            .map { try $0.decode((String, String).self) }, uniquingKeysWith: { _, last in last })
    }

    public func setting(_ key: String) throws -> String? {
        try session.rows("""
            SELECT value FROM journal_setting WHERE account_id = \(accountID) AND key = \(key)
            """).first?.decode(String.self)
    }

    public func setSetting(_ key: String, to value: String, at date: Date) throws {
        try JournalRules.checkSetting(key, value)
        try session.rows("""
            INSERT INTO journal_setting (account_id, key, value, updated_at) VALUES (\(accountID), \(key), \(value), \(date))
            ON CONFLICT (account_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
            """)
    }

    /// A preference row; one whose kind this build does not know is left out, as the SQLite journal leaves out a
    /// row it cannot read.
    private static func preference(_ row: PostgresRow) throws -> PreferenceRecord? {
        let (id, kind, item, text, created) = try row.decode((Int64, String, String, String, Date).self)
        guard let known = PreferenceRecord.Kind(rawValue: kind) else { return nil }
        return PreferenceRecord(id: id, kind: known, item: item, text: text, createdAt: created)
    }
}
