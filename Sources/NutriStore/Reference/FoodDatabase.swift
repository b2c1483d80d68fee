import Foundation
import GRDB

/// Read access to `foods.sqlite`: foods, household measures, nutrients and full-text search.
/// Lookups are cached in memory, since batch parsing asks for the same few hundred foods again and again.
public final class FoodDatabase: @unchecked Sendable {
    /// What `data status` reports.
    public struct Status: Sendable, Equatable {
        public var foods: Int
        public var portions: Int
        public var nutrients: Int
        public var source: String
        public var builtAt: String
        public var schemaVersion: String
    }

    public let path: String
    let connections: ReadConnections
    let lock = NSLock()
    private var nutrientCatalog: [Int: NutrientInfo] = [:]
    /// The same nutrients by id in an array (ids are small display positions): read once per nutrient of every food.
    private var nutrientsById: [NutrientInfo?] = []
    private var groups: [String: String] = [:]
    private var foodCache: [Int: Food] = [:]
    private var portionCache: [Int: [Portion]] = [:]
    private var nutrientCache: [Int: [NutrientAmount]] = [:]
    private var searchCache: [String: [FoodSearchHit]] = [:]
    /// Row ids per search word, for `cannotMatchAll` (FoodDatabase+Postings.swift).
    var postingCache: [String: [Int64]] = [:]
    /// Words of the food names with their matches as read from `searchWord`, nil for words it does not have.
    var searchWordCache: [String: FoodSearchWords.Entry?] = [:]
    /// Whether the database has a `searchWord` table (FoodSearchWords.swift).
    var hasSearchWords = false
    /// Whether the database has a `foodNutrientBlock` table (FoodNutrientBlocks.swift).
    var hasNutrientBlocks = false
    /// Ranked searches so far, and the in-memory ranking built once there have been enough (FoodDatabase+Postings.swift).
    var rankedSearches = 0
    var rankIndex: FoodRankIndex?
    var rankIndexTried = false
    /// Each search word's FTS5 instances, or nil for words left to SQLite.
    var termCache: [String: FoodRankIndex.Term?] = [:]

    /// `path` as an SQLite URI that opens it immutable: no file locks and no checks for a hot journal on every
    /// read, which cost two system calls a lookup. Safe because `data install` never writes the file in place: it
    /// builds a new one and renames it over the old, so an open connection keeps reading the file it opened.
    static func immutableURI(_ path: String) -> String {
        // SQLite decodes %HH escapes in a URI's path; "?", "#" and "%" must be escaped, and the rest may be.
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return "file:\(escaped)?immutable=1"
    }

    /// Opens the database at `path` read-only.
    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.databaseMissing(path: path) }
        try FoodDatabaseSeal.verify(URL(fileURLWithPath: path))
        var config = Configuration()
        config.readonly = true
        config.label = "foods"
        // FTS5's term instances, read word by word for the in-memory ranking of batch searches (FoodRankIndex).
        config.prepareDatabase { db in
            // Pages are read through a memory map shared by every connection, not copied by a read call each.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.foodSearchTerms USING fts5vocab(main, foodSearch, instance)")
        }
        do {
            connections = try ReadConnections(path: Self.immutableURI(path), fallback: path, configuration: config)
            let (nutrients, groups) = try connections.read { db -> ([Int: NutrientInfo], [String: String]) in
                guard try db.tableExists("meta"), try db.tableExists("foodSearch") else {
                    throw StoreError.databaseUnreadable(path: path, reason: "not a NutriChat food database")
                }
                var catalog: [Int: NutrientInfo] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT * FROM nutrient") {
                    let info = NutrientInfo(id: row["id"], source: row["source"], key: row["key"], label: row["label"],
                                            unit: row["unit"], category: row["category"], dailyValue: row["dailyValue"])
                    catalog[info.id] = info
                }
                let groups = try Row.fetchAll(db, sql: "SELECT id, name FROM foodGroup")
                    .reduce(into: [String: String]()) { $0[$1["id"]] = $1["name"] }
                return (catalog, groups)
            }
            self.nutrientCatalog = nutrients
            if let largest = nutrients.keys.max(), largest < 4096, nutrients.keys.allSatisfy({ $0 >= 0 }) {
                nutrientsById = (0...largest).map { nutrients[$0] }
            }
            self.groups = groups
            (hasSearchWords, hasNutrientBlocks) = try connections.read { db in
                (try FoodSearchWords.available(db), try FoodNutrientBlocks.available(db))
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.databaseUnreadable(path: path, reason: "not a NutriChat food database")
        }
        self.path = path
    }

    /// Every nutrient the database knows, in display order.
    public var nutrients: [NutrientInfo] { nutrientCatalog.values.sorted { $0.id < $1.id } }

    /// Counts and provenance.
    public func status() throws -> Status {
        try connections.read { db in
            let meta = try Row.fetchAll(db, sql: "SELECT key, value FROM meta")
                .reduce(into: [String: String]()) { $0[$1["key"]] = $1["value"] }
            return Status(
                foods: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM food") ?? 0,
                portions: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM portion") ?? 0,
                nutrients: try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT nutrientId) FROM foodNutrient") ?? 0,
                source: meta["source"] ?? "unknown", builtAt: meta["builtAt"] ?? "unknown",
                schemaVersion: meta["schemaVersion"] ?? "unknown")
        }
    }

    // MARK: - Foods

    /// The food with `id` ("usda:09040" or "09040"), or `StoreError.unknownFood`.
    public func food(id: String) throws -> Food {
        guard let ndb = FoodID.ndb(from: id), let food = try food(ndb: ndb) else { throw StoreError.unknownFood(id: id) }
        return food
    }

    /// The food with NDB number `ndb`, or nil.
    public func food(ndb: Int) throws -> Food? {
        if let cached = locked({ foodCache[ndb] }) { return cached }
        let row = try connections.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT id, name, foodGroupId, energyKcal FROM food WHERE id = ?"),
                             arguments: [ndb])
        }
        guard let row else { return nil }
        let food = makeFood(row)
        locked { foodCache[ndb] = food }
        return food
    }

    /// The household measures of a food, in USDA order.
    public func portions(ndb: Int) throws -> [Portion] {
        if let cached = locked({ portionCache[ndb] }) { return cached }
        let portions = try connections.read { db in
            // Cached statements and columns by position: batch parse reads hundreds of foods, one query each.
            let statement = try db.cachedStatement(sql: "SELECT amount, name, grams FROM portion WHERE foodId = ? ORDER BY id")
            var portions: [Portion] = []
            let rows = try Row.fetchCursor(statement, arguments: [ndb])
            while let row = try rows.next() { portions.append(Portion(amount: row[0], name: row[1], grams: row[2])) }
            return portions
        }
        locked { portionCache[ndb] = portions }
        return portions
    }

    /// Nutrients per 100 g of a food, in display order.
    public func nutrients(ndb: Int) throws -> [NutrientAmount] {
        if let cached = locked({ nutrientCache[ndb] }) { return cached }
        let catalog = nutrientCatalog
        let byId = nutrientsById
        let blocks = hasNutrientBlocks
        let amounts = try connections.read { db in
            if blocks, let stored = try FoodNutrientBlocks.nutrients(of: ndb, in: db) {
                return stored.compactMap { pair in
                    let info = byId.indices.contains(pair.id) ? byId[pair.id] : catalog[pair.id]
                    return info.map { NutrientAmount(nutrient: $0, amount: pair.amount) }
                }
            }
            let statement = try db.cachedStatement(
                sql: "SELECT nutrientId, amount FROM foodNutrient WHERE foodId = ? ORDER BY nutrientId")
            var amounts: [NutrientAmount] = []
            let rows = try Row.fetchCursor(statement, arguments: [ndb])
            while let row = try rows.next() {
                guard let info = catalog[row[0]] else { continue }
                amounts.append(NutrientAmount(nutrient: info, amount: row[1]))
            }
            return amounts
        }
        locked { nutrientCache[ndb] = amounts }
        return amounts
    }

    // MARK: - Search

    /// Foods whose names contain every word of `words` (stemmed, diacritics folded), best bm25 first.
    /// `words` are plain lowercase words; they are quoted, so no FTS syntax leaks in.
    /// With `anyWord`, foods containing any of the words, those with more (and rarer) words first.
    public func fullTextSearch(words: [String], limit: Int = 200, anyWord: Bool = false) throws -> [FoodSearchHit] {
        let cleaned = words.map { $0.utf8.contains(UInt8(ascii: "\"")) ? $0.replacingOccurrences(of: "\"", with: "") : $0 }
            .filter { !$0.isEmpty }
        guard !cleaned.isEmpty, limit > 0 else { return [] }
        let match = cleaned.map { "\"\($0)\"" }.joined(separator: anyWord ? " OR " : " ")
        let cacheKey = match + "#\(limit)"
        if let cached = locked({ searchCache[cacheKey] }) { return cached }
        if !anyWord, try cannotMatchAll(cleaned) {
            locked { searchCache[cacheKey] = [] }
            return []
        }
        if !anyWord, let hits = try rankedInMemory(cleaned, limit: limit, groups: groups) {
            locked { searchCache[cacheKey] = hits }
            return hits
        }
        let groups = self.groups
        let hits = try connections.read { db -> [FoodSearchHit] in
            // A cached statement: batch parse runs thousands of searches, and preparing each cost more than running it.
            let statement = try db.cachedStatement(sql: """
                SELECT food.id, food.name, food.foodGroupId, food.energyKcal, bm25(foodSearch) AS rank
                FROM foodSearch JOIN food ON food.id = foodSearch.rowid
                WHERE foodSearch MATCH ? ORDER BY rank LIMIT ?
                """)
            var result: [FoodSearchHit] = []
            let rows = try Row.fetchCursor(statement, arguments: [match, limit])
            while let row = try rows.next() {
                let code: String? = row[2]
                let food = Food(id: FoodID.string(ndb: row[0]), name: row[1], group: code.flatMap { groups[$0] },
                                groupCode: code, kcalPer100g: row[3])
                result.append(FoodSearchHit(food: food, rank: row[4]))
            }
            return result
        }
        locked { searchCache[cacheKey] = hits }
        return hits
    }

    private func makeFood(_ row: Row) -> Food {
        let code: String? = row["foodGroupId"]
        return Food(id: FoodID.string(ndb: row["id"]), name: row["name"], group: code.flatMap { groups[$0] },
                    groupCode: code, kcalPer100g: row["energyKcal"])
    }

    func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
