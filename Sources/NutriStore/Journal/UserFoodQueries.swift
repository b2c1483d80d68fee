import Foundation
import GRDB

/// Custom foods and recipes as a catalog reads them, from the live journal or from a read-only copy.
public protocol UserFoodStore: AnyObject, Sendable {
    /// Changes whenever a custom food or a recipe is added, edited or deleted; cheap to read.
    func userFoodsFingerprint() throws -> String
    /// Every custom food and recipe.
    func userFoodRows() throws -> UserFoodRows
}

/// Everything a catalog needs from the journal's food tables.
public struct UserFoodRows: Sendable, Equatable {
    public var customFoods: [CustomFoodRecord]
    public var recipes: [Recipe]

    /// Creates a set of rows.
    public init(customFoods: [CustomFoodRecord] = [], recipes: [Recipe] = []) {
        self.customFoods = customFoods
        self.recipes = recipes
    }
}

/// The SQL behind custom foods and recipes, shared by `Journal` and `ReadOnlyUserFoods`. Parameters are bound;
/// a journal made before these tables existed simply has none.
enum UserFoodQueries {
    /// `migrated`: the journal is known to have both tables (a `Journal` is always migrated, on disk or in memory),
    /// so the schema is not asked: GRDB's `tableExists` reads and decodes all of `sqlite_master` once per connection,
    /// 3 % of the server's CPU when nearly every request opens a journal. A read-only file may be older and is asked.
    static func fingerprint(_ db: Database, migrated: Bool = false) throws -> String {
        let tables = [CustomFoodRecord.databaseTableName, RecipeRecord.databaseTableName]
        if try migrated || tables.allSatisfy({ try db.tableExists($0) }) {
            // Both tables (every migrated journal): one statement, compiled once per connection, instead of two.
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT 0, COUNT(*), COALESCE(MAX(id), 0), COALESCE(SUM(id), 0), COALESCE(SUM(revision), 0) FROM customFood
                UNION ALL
                SELECT 1, COUNT(*), COALESCE(MAX(id), 0), COALESCE(SUM(id), 0), COALESCE(SUM(revision), 0) FROM recipe
                ORDER BY 1
                """))
            return rows.map { row in (1...4).map { (row[$0] as Int64?).map(String.init) ?? "0" }.joined(separator: ".") }
                .joined(separator: "/")
        }
        var parts: [String] = []
        for table in [CustomFoodRecord.databaseTableName, RecipeRecord.databaseTableName] {
            guard try db.tableExists(table) else { parts.append("-"); continue }
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COALESCE(MAX(id), 0), COALESCE(SUM(id), 0), COALESCE(SUM(revision), 0)
                FROM \(table.quotedDatabaseIdentifier)
                """)
            parts.append((0..<4).map { (row?[$0] as Int64?).map(String.init) ?? "0" }.joined(separator: "."))
        }
        return parts.joined(separator: "/")
    }

    static func rows(_ db: Database, migrated: Bool = false) throws -> UserFoodRows {
        var rows = UserFoodRows()
        // Most journals have neither (the server reads them at every journal close): two cheap lookups first.
        func holdsRows(_ table: String) throws -> Bool {
            try (migrated || db.tableExists(table))
                && Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier))")) != false
        }
        if try holdsRows(CustomFoodRecord.databaseTableName) {
            // Row by row: a damaged custom food is left out (and named by `Journal.damagedRows`), never fatal.
            rows.customFoods = try CustomFoodRecord.order(Column("id")).fetchReadable(db, damaged: { _ in })
        }
        if try holdsRows(RecipeRecord.databaseTableName) {
            rows.recipes = try recipes(try RecipeRecord.order(RecipeRecord.Columns.id).fetchReadable(db, damaged: { _ in }), in: db)
        }
        return rows
    }

    /// The recipes with their ingredients in order.
    static func recipes(_ records: [RecipeRecord], in db: Database) throws -> [Recipe] {
        guard !records.isEmpty else { return [] }
        let ids = records.compactMap(\.id)
        let request = RecipeIngredientRecord.filter(ids.contains(RecipeIngredientRecord.Columns.recipeId))
            .order(RecipeIngredientRecord.Columns.recipeId, RecipeIngredientRecord.Columns.position).asRequest(of: Row.self)
        let ingredients = Journal.readable(try request.fetchAll(db), as: RecipeIngredientRecord.self, damaged: { _ in })
        let byRecipe = Dictionary(grouping: ingredients, by: { $0.recipeId ?? 0 })
        return records.map { Recipe(record: $0, ingredients: byRecipe[$0.id ?? 0] ?? []) }
    }

    /// Throws when a custom food or a recipe other than the excluded ones already has `name` (any case): a name
    /// must say which food it means.
    static func checkNameFree(_ name: String, food: Int64? = nil, recipe: Int64? = nil, in db: Database) throws {
        // Names only: a row damaged elsewhere still holds its name.
        let sameFood = try String.fetchOne(db, sql: "SELECT name FROM customFood WHERE name = ? COLLATE NOCASE AND id IS NOT ?",
                                           arguments: [name, food])
        if let sameFood { throw StoreError.invalidValue("there is already a custom food called '\(TextSafety.stripped(sameFood))'") }
        let sameRecipe = try String.fetchOne(db, sql: "SELECT name FROM recipe WHERE name = ? COLLATE NOCASE AND id IS NOT ?",
                                             arguments: [name, recipe])
        if let sameRecipe { throw StoreError.invalidValue("there is already a recipe called '\(TextSafety.stripped(sameRecipe))'") }
    }

    /// How many journal entries name each food id.
    static func timesEaten(prefix: String, in db: Database) throws -> [String: Int] {
        let rows = try Row.fetchAll(db, sql: "SELECT foodId, COUNT(*) AS n FROM entry WHERE foodId LIKE ? GROUP BY foodId",
                                    arguments: [prefix + "%"])
        return rows.reduce(into: [:]) { $0[$1["foodId"]] = $1["n"] }
    }
}

/// The custom foods and recipes of a journal file, read once, read-only: for `parse` and lookups, which must never
/// write and run too briefly for the journal to change under them. A missing file or a journal from before these
/// tables existed has none.
public final class ReadOnlyUserFoods: UserFoodStore, @unchecked Sendable {
    private let fingerprint: String
    private let rows: UserFoodRows

    /// Reads the foods of `path` when it exists; the file is opened read-only and closed again.
    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            fingerprint = "none"
            rows = UserFoodRows()
            return
        }
        var config = Configuration()
        config.readonly = true
        config.label = "journal-read-only"
        do {
            let queue = try Journal.openReadOnly(path: path, configuration: config)
            (fingerprint, rows) = try queue.read { db in (try UserFoodQueries.fingerprint(db), try UserFoodQueries.rows(db)) }
            try queue.close()
        } catch let error as DatabaseError {
            throw StoreError.databaseUnreadable(path: path, reason: error.message ?? "not a NutriChat journal")
        }
    }

    public func userFoodsFingerprint() throws -> String { fingerprint }

    public func userFoodRows() throws -> UserFoodRows { rows }
}
