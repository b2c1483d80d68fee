import Foundation
import GRDB

/// The schema of `journal.sqlite`. Migrations are named and only ever appended, never edited once shipped,
/// and never use app types, so an old journal always upgrades the same way.
enum JournalSchema {
    /// Default meal slots for a new journal.
    static let defaultMealSlots = ["breakfast", "morning snack", "lunch", "afternoon snack", "dinner"]

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
