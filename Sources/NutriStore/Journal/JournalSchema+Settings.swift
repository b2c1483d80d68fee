import Foundation
import GRDB

extension JournalSchema {
    /// Settings and remembered likes. Append new migrations at the end; never edit shipped ones.
    static func registerSettingsMigrations(_ migrator: inout DatabaseMigrator) {
        // `setting` holds small named switches and marks as text ("nudge.water" = "off", "nudged.water" =
        // "2026-11-21", the day that nudge was last said). `suggestionLike` remembers suggestions the person liked,
        // by title (any case), so they rank higher next time.
        migrator.registerMigration("v8-settings") { db in
            try db.create(table: "setting") { t in
                t.column("key", .text).notNull().primaryKey()
                t.column("value", .text).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "suggestionLike") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull().unique(onConflict: .ignore).collate(.nocase)
                t.column("source", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
        }
        // What a conversation keeps between messages, by key: "conversation" (the pending question, the last logged
        // ids for undo…) and "suggestions" (the suggestions on screen, for "the second one" and "I like it"), as the
        // JSON the dialogue wrote. A front end that keeps the dialogue between processes reads it back.
        migrator.registerMigration("v9-dialogue-state") { db in
            try db.create(table: "dialogueState") { t in
                t.column("key", .text).notNull().primaryKey()
                t.column("state", .blob).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
        }
    }
}
