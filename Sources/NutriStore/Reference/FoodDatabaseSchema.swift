import Foundation
import GRDB

/// The schema of `foods.sqlite`, the reference food database rebuilt from USDA data by `data install`.
enum FoodDatabaseSchema {
    /// Bumped when the layout changes; an older database asks to be reinstalled.
    static let version = "1"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-reference-foods") { db in
            try db.execute(sql: """
                CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE foodGroup(id TEXT PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE nutrient(
                    id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, source TEXT NOT NULL, label TEXT NOT NULL,
                    unit TEXT NOT NULL, category TEXT NOT NULL, dailyValue REAL);
                CREATE TABLE food(
                    id INTEGER PRIMARY KEY, name TEXT NOT NULL, foodGroupId TEXT REFERENCES foodGroup(id),
                    energyKcal REAL);
                CREATE TABLE portion(
                    id INTEGER PRIMARY KEY, foodId INTEGER NOT NULL REFERENCES food(id), amount REAL NOT NULL,
                    name TEXT NOT NULL, grams REAL NOT NULL);
                CREATE INDEX portion_foodId ON portion(foodId);
                CREATE TABLE foodNutrient(
                    foodId INTEGER NOT NULL REFERENCES food(id), nutrientId INTEGER NOT NULL REFERENCES nutrient(id),
                    amount REAL NOT NULL, PRIMARY KEY(foodId, nutrientId)) WITHOUT ROWID;
                CREATE VIRTUAL TABLE foodSearch USING fts5(
                    name, tokenize = 'porter unicode61 remove_diacritics 2');
                """)
        }
        migrator.registerMigration("v1-search-words") { db in
            try db.execute(sql: FoodSearchWords.createTable)
        }
        migrator.registerMigration("v1-nutrient-blocks") { db in
            try db.execute(sql: FoodNutrientBlocks.createTable)
        }
        return migrator
    }
}
