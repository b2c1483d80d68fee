import Foundation
import GRDB

/// Dining menus in `menus.sqlite` beside the journal: reference data an operator imports, shared by everyone who
/// reads it, kept apart from the person's journal. An import replaces the menus of each place and day the file
/// covers, in one transaction: a bad file changes nothing.
public final class MenuStore: @unchecked Sendable {
    let writer: any DatabaseWriter

    /// Opens (creating and migrating as needed) the menus at `path`, readable by the owner only.
    public init(path: String) throws {
        writer = try PrivateDatabase.open(path: path, label: "menus", migrator: Self.migrator)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-menu-items") { db in
            try db.create(table: MenuItem.databaseTableName) { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("place", .text).notNull()
                t.column("date", .text).notNull()
                t.column("meal", .text).notNull()
                t.column("station", .text)
                t.column("name", .text).notNull()
                t.column("serving", .text)
                t.column("serving_grams", .double)
                t.column("kcal", .double).notNull()
                t.column("protein_g", .double)
                t.column("carbohydrate_g", .double)
                t.column("fat_g", .double)
                t.column("allergens", .text).notNull().defaults(to: "")
                t.column("ingredients", .text)
            }
            try db.create(index: "menu_item_by_day", on: MenuItem.databaseTableName, columns: ["date", "place", "meal"])
        }
        return migrator
    }

    /// What an import changed.
    public struct ImportSummary: Sendable, Equatable {
        public var items: Int
        /// "place on date" for each menu replaced or added.
        public var menus: [String]
        public var replaced: Int
    }

    /// Replaces the menus of every (place, day) in `items` with `items`, in one transaction.
    public func replace(with items: [MenuItem]) throws -> ImportSummary {
        let days = Set(items.map { MenuDay(place: $0.place, date: $0.date) })
        return try writer.write { db in
            var replaced = 0
            for day in days {
                replaced += try MenuItem.filter(Column("date") == day.date)
                    .filter(sql: "lower(place) = lower(?)", arguments: [day.place]).deleteAll(db)
            }
            for var item in items { try item.insert(db) }
            let names = days.sorted { ($0.date, $0.place) < ($1.date, $1.place) }.map { "\($0.place) on \($0.date)" }
            return ImportSummary(items: items.count, menus: names, replaced: replaced)
        }
    }

    /// The dishes of one day, optionally of one place (named in part, any case) and one meal.
    public func items(on date: String, place: String? = nil, meal: String? = nil) throws -> [MenuItem] {
        try writer.read { db in
            var request = MenuItem.filter(Column("date") == date)
            if let place { request = request.filter(sql: "instr(lower(place), lower(?)) > 0", arguments: [place]) }
            if let meal { request = request.filter(Column("meal") == meal.lowercased()) }
            return Self.inMenuOrder(try request.order(Column("id")).fetchAll(db))
        }
    }

    /// By place, then meals in the order the file first named them (breakfast before lunch, whatever their
    /// names), then the file's order.
    static func inMenuOrder(_ items: [MenuItem]) -> [MenuItem] {
        var rank: [String: Int] = [:]
        for (index, item) in items.enumerated() where rank[item.place + "\u{1F}" + item.meal] == nil {
            rank[item.place + "\u{1F}" + item.meal] = index
        }
        return items.enumerated().sorted { a, b in
            let left = (a.element.place.lowercased(), rank[a.element.place + "\u{1F}" + a.element.meal] ?? 0, a.offset)
            let right = (b.element.place.lowercased(), rank[b.element.place + "\u{1F}" + b.element.meal] ?? 0, b.offset)
            return left < right
        }.map(\.element)
    }

    /// The places with a menu, by name.
    public func places() throws -> [String] {
        try writer.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT place FROM menu_item ORDER BY place")
        }
    }
}

/// One place's menu on one day: what an import replaces.
struct MenuDay: Hashable {
    let place: String
    let date: String

    static func == (lhs: MenuDay, rhs: MenuDay) -> Bool {
        lhs.date == rhs.date && lhs.place.lowercased() == rhs.place.lowercased()
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(date)
        hasher.combine(place.lowercased())
    }
}
