import Foundation
import GRDB

extension JournalSchema {
    /// Custom foods and recipes. Append new migrations at the end; never edit shipped ones.
    static func registerFoodMigrations(_ migrator: inout DatabaseMigrator) {
        // A custom food is kept per serving, as the person gave it ("200 kcal … per bar"): `servingQuantity` of
        // `servingUnit` (a canonical unit name: "bar", "cup", "gram", "serving"), weighing `servingGrams` when the
        // weight is known (NULL otherwise). `nutrients` holds the amounts in one serving by `name_unit` key.
        // `revision` grows with every edit, so a reader can tell cheaply that its cached copy is stale.
        // Names are unique without regard to case; entries refer to a food as "custom:<id>".
        migrator.registerMigration("v4-custom-foods") { db in
            try db.create(table: "customFood") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique(onConflict: .abort).collate(.nocase)
                    .check { length($0) >= 1 && length($0) <= 50 }
                t.column("servingQuantity", .double).notNull().check { $0 > 0 }
                t.column("servingUnit", .text).notNull().check { length($0) >= 1 }
                t.column("servingGrams", .double).check { $0 > 0 }
                t.column("nutrients", .jsonText).notNull()
                t.column("revision", .integer).notNull().defaults(to: 0)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
        }
        // A recipe is a list of ingredients, each with the food chosen for it and a snapshot of its grams and
        // nutrients when the recipe was made, divided into `servings`. `weightKnown` is false for an ingredient
        // whose weight is not known (a custom food given per piece without grams): its grams are nominal.
        // Entries refer to a recipe as "recipe:<id>"; ingredients go with their recipe.
        migrator.registerMigration("v5-recipes") { db in
            try db.create(table: "recipe") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique(onConflict: .abort).collate(.nocase)
                    .check { length($0) >= 1 && length($0) <= 50 }
                t.column("servings", .double).notNull().check { $0 > 0 }
                t.column("text", .text).notNull()
                t.column("revision", .integer).notNull().defaults(to: 0)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "recipeIngredient") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("recipe", onDelete: .cascade).notNull()
                t.column("position", .integer).notNull()
                t.column("text", .text).notNull()
                t.column("foodId", .text).notNull()
                t.column("foodName", .text).notNull()
                t.column("quantity", .double)
                t.column("unit", .text)
                t.column("grams", .double).notNull().check { $0 >= 0 }
                t.column("weightKnown", .boolean).notNull()
                t.column("nutrients", .jsonText).notNull()
            }
        }
    }
}
