import Foundation
import GRDB

/// Dining menus in `menus.sqlite` beside the journal: reference data an operator imports, shared by everyone who
/// reads it, kept apart from the person's journal. An import replaces the menus of each place and day the file
/// covers, in one transaction: a bad file changes nothing.
public final class MenuStore: @unchecked Sendable {
    let writer: any DatabaseWriter
    private let path: String
    /// The dishes of the days last read in full, while the files stay as they were (`DayMenus`).
    private let days = DayMenus()
    /// How long the files must have stayed unchanged before a day's dishes read from them are kept in memory.
    private let settle: Double

    /// Opens (creating and migrating as needed) the menus at `path`, readable by the owner only. `settle`: how long
    /// the files must have stayed unchanged before a day's dishes read from them are kept (`DatabaseFileStamp.settled`).
    public init(path: String, settle: Double = 2) throws {
        writer = try PrivateDatabase.open(path: path, label: "menus", migrator: Self.migrator)
        self.path = path
        self.settle = settle
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
        let summary = try writer.write { db in
            var replaced = 0
            for day in days {
                replaced += try MenuItem.filter(Column("date") == day.date)
                    .filter(sql: "lower(place) = lower(?)", arguments: [day.place]).deleteAll(db)
            }
            for var item in items { try item.insert(db) }
            let names = days.sorted { ($0.date, $0.place) < ($1.date, $1.place) }.map { "\($0.place) on \($0.date)" }
            return ImportSummary(items: items.count, menus: names, replaced: replaced)
        }
        self.days.forget()
        return summary
    }

    /// The dishes of one day, optionally of one place (named in part, any case) and one meal. A whole day's dishes
    /// (what every chat message asks for, to know whether it names a dish) come from memory while the menus' files
    /// have not changed since they were read (`DatabaseFileStamp`, settled): a read transaction of the shared store per
    /// message was 4 % of the server's CPU under load, for menus that change a few times a day.
    public func items(on date: String, place: String? = nil, meal: String? = nil) throws -> [MenuItem] {
        guard place != nil || meal != nil else { return try dayItems(date) }
        return try read(date, place: place, meal: meal)
    }

    private func dayItems(_ date: String) throws -> [MenuItem] {
        let (stamp, generation) = (DatabaseFileStamp(database: path), days.generation)
        if let stamp, let kept = days.items(of: date, at: stamp) { return kept }
        let items = try read(date, place: nil, meal: nil)
        if let stamp, stamp.settled(for: settle) { days.keep(items, of: date, at: stamp, generation: generation) }
        return items
    }

    private func read(_ date: String, place: String?, meal: String?) throws -> [MenuItem] {
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

/// The dishes of the last few days read, with the stamp of the menus' files before they were read. A stamp that moved
/// forgets them all; so does an import through this store (`forget`), whose `generation` also keeps out a read that
/// began before the import and ends after it.
final class DayMenus: @unchecked Sendable {
    /// Days kept at most (a server asks for today's, and yesterday's around midnight).
    static let limit = 8
    private let lock = NSLock()
    private var stamp: DatabaseFileStamp?
    private var byDate: [String: [MenuItem]] = [:]
    private var imports = 0

    /// Moves at every `forget`.
    var generation: Int { lock.withLock { imports } }

    func items(of date: String, at current: DatabaseFileStamp) -> [MenuItem]? {
        lock.withLock { stamp == current ? byDate[date] : nil }
    }

    func keep(_ items: [MenuItem], of date: String, at current: DatabaseFileStamp, generation: Int) {
        lock.withLock {
            guard generation == imports else { return }
            if stamp != current || byDate.count >= Self.limit { byDate = [:] }
            stamp = current
            byDate[date] = items
        }
    }

    func forget() {
        lock.withLock {
            imports += 1
            stamp = nil
            byDate = [:]
        }
    }
}
