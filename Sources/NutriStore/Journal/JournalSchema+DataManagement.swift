import Foundation
import GRDB

extension JournalSchema {
    /// Meal-slot history and other data-management tables. Append new migrations at the end; never edit shipped ones.
    static func registerDataManagementMigrations(_ migrator: inout DatabaseMigrator) {
        // Meal-slot changes apply from a date on and never rewrite past days. This log records each change with
        // the day it took effect, so the slot layout of any past day can be rebuilt by undoing later changes.
        // `kind` is add, rename, move or delete; positions are 0-based, as in `mealSlot.position`.
        migrator.registerMigration("v3-meal-slot-changes") { db in
            try db.create(table: "mealSlotChange") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("date", .text).notNull().indexed()
                t.column("kind", .text).notNull().check { ["add", "rename", "move", "delete"].contains($0) }
                t.column("name", .text).notNull()
                t.column("newName", .text)
                t.column("fromPosition", .integer)
                t.column("toPosition", .integer)
                t.column("createdAt", .datetime).notNull()
            }
        }
    }
}
