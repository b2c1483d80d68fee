import Foundation
import GRDB

/// Every word of the food names with the foods FTS5 matches for it and how often its term occurs in each, worked
/// out once when the database is built (table `searchWord`) so that batch searches need not ask FTS5 word by word.
///
/// A word is stored only when FTS5 agrees: the rows of a phrase query for the word must be exactly the rows of the
/// term this port's Porter stemmer gives it (`fts5vocab`), whose occurrence counts are stored with them. So what is
/// read back is what SQLite itself would answer, number for number. A database built before the table existed has
/// none, and every word then goes to SQLite as before.
enum FoodSearchWords {
    /// One word's matching rows (ascending) and its term's occurrences in each.
    typealias Entry = (rows: [Int64], frequencies: [Double])

    static let createTable = """
        CREATE TABLE searchWord(word TEXT PRIMARY KEY, rows BLOB NOT NULL, frequencies BLOB NOT NULL) WITHOUT ROWID
        """

    /// Fills `searchWord` from the names in `foodSearch`; runs inside the build's transaction.
    static func build(_ db: Database) throws {
        try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.foodSearchTerms USING fts5vocab(main, foodSearch, instance)")
        defer { try? db.execute(sql: "DROP TABLE temp.foodSearchTerms") }
        var words = Set<String>()
        for name in try String.fetchAll(db, sql: "SELECT name FROM foodSearch") {
            words.formUnion(asciiTokens(name))
        }
        let insert = try db.makeStatement(sql: "INSERT INTO searchWord(word, rows, frequencies) VALUES (?, ?, ?)")
        for word in words.sorted() {
            guard let stem = FoodRankIndex.stem(of: word),
                  let found = try FoodRankIndex.instances(of: stem, in: db),
                  !found.rows.isEmpty, found.frequencies.allSatisfy({ $0 <= 255 }) else { continue }
            let matches = try Int64.fetchAll(db, sql: "SELECT rowid FROM foodSearch WHERE foodSearch MATCH ? ORDER BY rowid",
                                             arguments: ["\"\(word)\""])
            guard matches == found.rows else { continue }
            try insert.execute(arguments: [word, encode(found.rows), Data(found.frequencies.map { UInt8($0) })])
        }
    }

    /// Whether the database has the table (one built before it existed has not).
    static func available(_ db: Database) throws -> Bool { try db.tableExists("searchWord") }

    /// The stored entry of `word`, or nil when the word is not stored.
    static func entry(_ word: String, in db: Database) throws -> Entry? {
        let statement = try db.cachedStatement(sql: "SELECT rows, frequencies FROM searchWord WHERE word = ?")
        guard let row = try Row.fetchOne(statement, arguments: [word]) else { return nil }
        let ids: Data = row[0]
        let counts: Data = row[1]
        guard ids.count == 8 * counts.count else { return nil }
        // Copied whole, then swapped only on a big-endian machine: common words ("raw") list thousands of rows.
        let decoded = ids.withUnsafeBytes { raw in
            [Int64](unsafeUninitializedCapacity: counts.count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
                #if _endian(big)
                for index in buffer.indices { buffer[index] = Int64(littleEndian: buffer[index]) }
                #endif
                initialized = counts.count
            }
        }
        return (decoded, counts.withUnsafeBytes { $0.map { Double($0) } })
    }

    private static func encode(_ rows: [Int64]) -> Data {
        var data = Data(capacity: 8 * rows.count)
        for row in rows { withUnsafeBytes(of: row.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    /// The lowercase ASCII letter-and-digit runs of `name`, as a search word would be written.
    private static func asciiTokens(_ name: String) -> [String] {
        name.lowercased().utf8.split { !(($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A)) }
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
