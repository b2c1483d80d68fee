import Foundation
import GRDB

/// The schema of `journal.sqlite`. Migrations are named and only ever appended, never edited once shipped,
/// and never use app types, so an old journal always upgrades the same way.
enum JournalSchema {
    /// Default meal slots for a new journal.
    static let defaultMealSlots = ["breakfast", "morning snack", "lunch", "afternoon snack", "dinner"]

    /// This build's migrations as one number, kept in the journal's `user_version` once they have all run: an open
    /// that finds it there (with the count of recorded migrations, `isStamped`) skips the migrator's reads and the
    /// newer-schema check's (the server opens a journal for almost every request). A
    /// journal without it, or with another build's, goes through the migrator and the newer-schema check, then gets
    /// this build's. A fold (FNV-1a) of the migrations' names in order, never 0 (a new file's `user_version`).
    static let schemaStamp: Int32 = {
        var hash: UInt32 = 2_166_136_261
        for byte in migrator.migrations.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int32(bitPattern: hash & 0x7fff_ffff) | 1
    }()

    /// How many migrations this build has.
    static let migrationCount = migrator.migrations.count

    /// Whether the journal's schema is this build's: its stamp, and as many migrations recorded as this build has
    /// (a migration recorded by anything that did not restamp the file, a newer schema, still goes to the full check).
    static func isStamped(_ db: Database) throws -> Bool {
        guard try Int32.fetchOne(db, sql: "PRAGMA user_version") == schemaStamp else { return false }
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") == migrationCount
    }

    /// Marks the journal's schema as this build's, after its migrations ran and nothing newer was found.
    static func stamp(_ db: Database) throws {
        try db.execute(sql: "PRAGMA user_version = \(schemaStamp)")  // a pragma takes no bound value
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-entries") { db in
            try db.create(table: "mealSlot") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique(onConflict: .abort)
                t.column("position", .integer).notNull()
            }
            for (position, name) in defaultMealSlots.enumerated() {
                try db.execute(sql: "INSERT INTO mealSlot(name, position) VALUES (?, ?)", arguments: [name, position])
            }
            try db.create(table: "entry") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("date", .text).notNull().indexed()
                t.column("meal", .text).notNull()
                t.column("text", .text).notNull()
                t.column("foodId", .text).notNull()
                t.column("foodName", .text).notNull()
                t.column("quantity", .double)
                t.column("unit", .text)
                t.column("grams", .double).notNull().check { $0 >= 0 }
                t.column("nutrients", .jsonText).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "water") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("date", .text).notNull().indexed()
                t.column("milliliters", .double).notNull().check { $0 > 0 }
                t.column("text", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
        }
        registerTrackingMigrations(&migrator)
        registerDataManagementMigrations(&migrator)
        registerFoodMigrations(&migrator)
        registerHistoryMigrations(&migrator)
        registerInsightMigrations(&migrator)
        registerSettingsMigrations(&migrator)
        return migrator
    }
}
