import Foundation
import GRDB

extension JournalSchema {
    /// What the coaching has said and offered. Append new migrations at the end; never edit shipped ones.
    static func registerInsightMigrations(_ migrator: inout DatabaseMigrator) {
        // A note remembers one thing the coaching said or offered, so it is said once: `kind` is "hit" (the
        // congratulation for a goal reached on `date`) or "calorie-offer" (a suggested calorie target, `amount`, with
        // `status` open, accepted or declined). `goal` is the goal's key ("protein_g", "water_ml", "energy_kcal").
        // One note per kind, goal and day.
        migrator.registerMigration("v7-goal-notes") { db in
            try db.create(table: "goalNote") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull().check { ["hit", "calorie-offer"].contains($0) }
                t.column("goal", .text).notNull()
                t.column("date", .text).notNull()
                t.column("amount", .double)
                t.column("status", .text).check { ["open", "accepted", "declined"].contains($0) }
                t.column("createdAt", .datetime).notNull()
                t.uniqueKey(["kind", "goal", "date"], onConflict: .ignore)
            }
        }
    }
}
