import Foundation
import GRDB

extension JournalSchema {
    /// Profile, goals, weight, exercise and preference tables. Append new migrations at the end; never edit shipped ones.
    static func registerTrackingMigrations(_ migrator: inout DatabaseMigrator) {
        // The profile is one row (id 1). Age is kept as stated with the day it was stated, or as a birth date,
        // so it can grow with time. Body weight is not here: the latest `weight` row is the current weight.
        // `goal` holds targets the person set directly, which win over those computed from the profile.
        // `preference` holds one stance per item: a diet ("vegetarian"), an allergy, an intolerance or a food avoided.
        // CHECK constraints pass on NULL, so optional columns are only checked when set.
        migrator.registerMigration("v2-tracking") { db in
            try db.create(table: "profile") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("birthDate", .text)
                t.column("age", .integer).check { $0 >= 1 && $0 <= 120 }
                t.column("ageDate", .text)
                t.column("sex", .text).check { ["female", "male"].contains($0) }
                t.column("heightCm", .double).check { $0 >= 50 && $0 <= 272 }
                t.column("activity", .text)
                    .check { ["sedentary", "light", "moderate", "very", "extra"].contains($0) }
                t.column("goal", .text).check { ["lose", "maintain", "gain"].contains($0) }
                t.column("weeklyRateKg", .double).check { $0 >= 0 && $0 <= 1.5 }
                t.column("targetWeightKg", .double).check { $0 >= 20 && $0 <= 500 }
                t.column("units", .text).check { ["metric", "imperial"].contains($0) }
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "goal") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("key", .text).notNull().unique(onConflict: .replace)
                t.column("amount", .double).notNull().check { $0 > 0 }
                t.column("setAt", .datetime).notNull()
            }
            try db.create(table: "weight") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("date", .text).notNull().unique(onConflict: .abort)
                t.column("kilograms", .double).notNull().check { $0 >= 20 && $0 <= 500 }
                t.column("text", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "exercise") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("date", .text).notNull().indexed()
                t.column("activity", .text).notNull()
                t.column("minutes", .double).notNull().check { $0 > 0 && $0 <= 1440 }
                t.column("distanceKm", .double).check { $0 > 0 }
                t.column("met", .double).notNull().check { $0 > 0 }
                t.column("bodyWeightKg", .double).notNull().check { $0 > 0 }
                t.column("weightAssumed", .boolean).notNull()
                t.column("kcal", .double).notNull().check { $0 >= 0 }
                t.column("text", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "preference") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull().check { ["diet", "allergy", "intolerance", "avoid"].contains($0) }
                t.column("item", .text).notNull().unique(onConflict: .replace)
                t.column("text", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
        }
    }
}
