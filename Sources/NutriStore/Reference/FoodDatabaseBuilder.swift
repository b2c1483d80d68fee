import Foundation
import GRDB

/// Builds `foods.sqlite` from USDA SR24, atomically: into a temporary file, then renamed over the old one.
public struct FoodDatabaseBuilder: Sendable {
    /// What an install produced.
    public struct Summary: Sendable, Equatable {
        public var foods: Int
        public var portions: Int
        public var nutrients: Int
        public var skippedNutrientNames: [String]
    }

    public let catalogs: ReferenceCatalogs

    public init(catalogs: ReferenceCatalogs) {
        self.catalogs = catalogs
    }

    /// Reads every record of `source` and writes the database to `destination`.
    /// `progress` is called with (records done, records in all). Nothing at `destination` changes unless all works.
    public func build(from source: SR24Source, sourceDescription: String, into destination: URL,
                      now: Date = Date(), progress: (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        var entries: [(String, Data)] = []
        _ = try source.forEachRecord { entries.append(($0, $1)) }
        var records: [SR24Record] = []
        records.reserveCapacity(entries.count)
        for (name, data) in entries { records.append(try SR24Record.parse(xml: data, entry: name)) }
        entries = []
        guard !records.isEmpty else {
            throw StoreError.notSR24(path: sourceDescription, reason: "no food records")
        }

        let fm = FileManager.default
        try PrivateFiles.createFolder(destination.deletingLastPathComponent())
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try? fm.removeItem(at: temporary)
        defer { try? fm.removeItem(at: temporary) }

        let summary = try write(records, to: temporary, source: sourceDescription, now: now, progress: progress)
        PrivateFiles.restrict(temporary.path)
        try FoodDatabaseSeal.write(built: temporary, for: destination)
        // rename(2) replaces the old file in one step: readers see either the old or the new database.
        guard rename(temporary.path, destination.path) == 0 else {
            throw StoreError.databaseUnreadable(path: destination.path, reason: "cannot replace it (\(errno))")
        }
        return summary
    }

    private func write(_ records: [SR24Record], to url: URL, source: String, now: Date,
                       progress: (Int, Int) -> Void) throws -> Summary {
        var config = Configuration()
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        }
        let queue = try DatabaseQueue(path: url.path, configuration: config)
        try FoodDatabaseSchema.migrator.migrate(queue)
        let nutrientIds = Dictionary(uniqueKeysWithValues: catalogs.nutrients.map { ($0.source, $0.id) })
        var summary = Summary(foods: 0, portions: 0, nutrients: 0, skippedNutrientNames: [])
        var skipped = Set<String>()
        var seen = Set<String>()
        try queue.inTransaction { db in
            for (prefix, name) in catalogs.foodGroups.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "INSERT INTO foodGroup(id, name) VALUES (?, ?)", arguments: [prefix, name])
            }
            for n in catalogs.nutrients {
                try db.execute(
                    sql: "INSERT INTO nutrient(id, key, source, label, unit, category, dailyValue) VALUES (?,?,?,?,?,?,?)",
                    arguments: [n.id, n.key, n.source, n.label, n.unit, n.category, n.dailyValue])
            }
            let insertFood = try db.makeStatement(sql: "INSERT INTO food(id, name, foodGroupId, energyKcal) VALUES (?,?,?,?)")
            let insertPortion = try db.makeStatement(sql: "INSERT INTO portion(foodId, amount, name, grams) VALUES (?,?,?,?)")
            let insertNutrient = try db.makeStatement(sql: "INSERT INTO foodNutrient(foodId, nutrientId, amount) VALUES (?,?,?)")
            let insertSearch = try db.makeStatement(sql: "INSERT INTO foodSearch(rowid, name) VALUES (?, ?)")
            for (index, record) in records.enumerated() {
                guard seen.insert(record.ndb).inserted, let id = Int(record.ndb) else {
                    throw StoreError.malformedRecord(entry: record.ndb, reason: "duplicate food number")
                }
                let group = String(record.ndb.prefix(2))
                let energy = record.nutrients.first { $0.name == "Energy" }?.amount
                try insertFood.execute(arguments: [id, record.name, catalogs.foodGroups[group] == nil ? nil : group, energy])
                try insertSearch.execute(arguments: [id, record.name])
                for measure in record.measures {
                    try insertPortion.execute(arguments: [id, measure.amount, measure.name, measure.grams])
                    summary.portions += 1
                }
                var nutrientSeen = Set<Int>()
                for nutrient in record.nutrients {
                    guard let nutrientId = nutrientIds[nutrient.name] else { skipped.insert(nutrient.name); continue }
                    guard nutrientSeen.insert(nutrientId).inserted else { continue }
                    try insertNutrient.execute(arguments: [id, nutrientId, nutrient.amount])
                }
                summary.foods += 1
                if index % 200 == 0 || index == records.count - 1 { progress(index + 1, records.count) }
            }
            summary.nutrients = try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT nutrientId) FROM foodNutrient") ?? 0
            let meta: [(String, String)] = [
                ("schemaVersion", FoodDatabaseSchema.version),
                ("source", source),
                ("builtAt", ISO8601DateFormatter().string(from: now)),
                ("dataset", "USDA National Nutrient Database for Standard Reference, Release 24"),
            ]
            for (key, value) in meta {
                try db.execute(sql: "INSERT INTO meta(key, value) VALUES (?, ?)", arguments: [key, value])
            }
            try db.execute(sql: "INSERT INTO foodSearch(foodSearch) VALUES ('optimize')")
            try FoodSearchWords.build(db)
            try FoodNutrientBlocks.build(db)
            return .commit
        }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
        try queue.close()
        summary.skippedNutrientNames = skipped.sorted()
        return summary
    }
}
