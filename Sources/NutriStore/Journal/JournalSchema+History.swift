import Foundation
import GRDB

extension JournalSchema {
    /// The undo history. Append new migrations at the end; never edit shipped ones.
    static func registerHistoryMigrations(_ migrator: inout DatabaseMigrator) {
        // Every change the person makes through the dialogue or `diary edit/delete/move` is one step: a log, a
        // correction, a deletion, a move. A step holds each row it touched as it was before and after (JSON of the
        // row; NULL before for a new row, NULL after for a deleted one), so undo writes the "before" rows back
        // exactly and redo writes the "after" rows again. Steps undone are kept (`undone` = 1) until a new step
        // replaces them, which is what redo re-applies. `tableName` is entry, water, weight or exercise.
        migrator.registerMigration("v6-history-steps") { db in
            try db.create(table: "historyStep") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull().check { ["log", "correct", "delete", "move"].contains($0) }
                t.column("summary", .text).notNull()
                t.column("undone", .boolean).notNull().defaults(to: false)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "historyChange") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("historyStep", onDelete: .cascade).notNull()
                t.column("tableName", .text).notNull().check { ["entry", "water", "weight", "exercise"].contains($0) }
                t.column("rowId", .integer).notNull()
                t.column("before", .jsonText)
                t.column("after", .jsonText)
            }
        }
    }
}
