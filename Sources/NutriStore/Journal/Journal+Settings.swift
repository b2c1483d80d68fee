import Foundation
import GRDB

/// Named settings ("nudge.water" = "off") and the suggestions the person liked.
extension Journal {
    /// Every setting, by key.
    public func settings() throws -> [String: String] {
        try remembered("settings") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM setting")
            return Dictionary(rows.map { ($0[0] as String, $0[1] as String) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// One setting, or nil when it was never set.
    public func setting(_ key: String) throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    /// Sets (or replaces) a setting.
    public func setSetting(_ key: String, to value: String, at date: Date) throws {
        try JournalRules.checkSetting(key, value)
        try writer.write { db in
            try db.execute(sql: """
                INSERT INTO setting(key, value, updatedAt) VALUES (?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value, updatedAt = excluded.updatedAt
                """, arguments: [key, value, date])
        }
    }

    /// Titles of the suggestions the person liked, lowercased.
    public func likedSuggestions() throws -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT title FROM suggestionLike").map { $0.lowercased() })
        }
    }

    /// Remembers that the person liked a suggestion (once per title); `source` says where it came from.
    public func likeSuggestion(title: String, source: String, at date: Date) throws {
        let trimmed = try JournalRules.likedTitle(title, source: source)
        try writer.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO suggestionLike(title, source, createdAt) VALUES (?, ?, ?)",
                           arguments: [trimmed, source, date])
        }
    }
}

extension JournalRules {
    /// The longest key or value a setting may have: settings are short switches and dates, never free text.
    public static let maximumSettingLength = 64

    /// A setting's key must be 1 to 64 characters and its value at most 64, in every store.
    public static func checkSetting(_ key: String, _ value: String) throws {
        guard !key.isEmpty, key.count <= maximumSettingLength, value.count <= maximumSettingLength else {
            throw StoreError.invalidValue("a setting's key and value must be 1 to \(maximumSettingLength) characters")
        }
    }

    /// The title a like is saved under (trimmed); refuses an empty or over-long title and control characters, in
    /// every store.
    public static func likedTitle(_ title: String, source: String) throws -> String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 120 else { throw StoreError.invalidValue("a liked title must be 1 to 120 characters") }
        guard TextSafety.firstUnsafe(in: trimmed) == nil, TextSafety.firstUnsafe(in: source) == nil, source.count <= 120 else {
            throw StoreError.invalidValue("a liked suggestion cannot hold control characters")
        }
        return trimmed
    }
}
