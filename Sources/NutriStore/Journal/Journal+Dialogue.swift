import Foundation
import GRDB

/// What a conversation keeps between messages, saved by key as the JSON the dialogue wrote (table `dialogueState`).
extension Journal {
    /// The state saved under `key`, or nil when none was.
    public func dialogueState(_ key: String) throws -> Data? {
        try read { db in try Data.fetchOne(db, sql: "SELECT state FROM dialogueState WHERE key = ?", arguments: [key]) }
    }

    /// Saves (or replaces) the state under `key`; nil forgets it. Refuses what `JournalRules.checkDialogueState` refuses.
    public func saveDialogueState(_ key: String, _ state: Data?, at date: Date) throws {
        try JournalRules.checkDialogueState(key, state)
        try writer.write { db in
            guard let state else {
                try db.execute(sql: "DELETE FROM dialogueState WHERE key = ?", arguments: [key])
                return
            }
            try db.execute(sql: """
                INSERT INTO dialogueState(key, state, updatedAt) VALUES (?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET state = excluded.state, updatedAt = excluded.updatedAt
                """, arguments: [key, state, date])
        }
    }
}

extension JournalRules {
    /// The largest dialogue state a store keeps: the suggestions on screen with their ingredients stay far below it.
    public static let maximumDialogueStateBytes = 4 << 20

    /// A dialogue state's key is 1 to 64 characters without control characters, and the state at most 4 MB, in
    /// every store.
    public static func checkDialogueState(_ key: String, _ state: Data?) throws {
        guard !key.isEmpty, key.count <= maximumSettingLength, TextSafety.firstUnsafe(in: key) == nil else {
            throw StoreError.invalidValue("a dialogue state's key must be 1 to \(maximumSettingLength) plain characters")
        }
        if let state, state.count > maximumDialogueStateBytes {
            throw StoreError.invalidValue("a dialogue state may hold at most \(maximumDialogueStateBytes) bytes")
        }
    }
}
