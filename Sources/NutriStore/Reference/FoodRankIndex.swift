import Foundation
import GRDB
import GRDBSQLite

/// FTS5's bm25 ranking of food names, computed in memory from FTS5's own data, number for number and in the same
/// order as `SELECT … bm25(foodSearch) AS rank … ORDER BY rank LIMIT n`.
///
/// Batch parse runs over a thousand ranked searches; SQLite computes bm25 for every matching row of each, which
/// costs about a microsecond a row for words like "raw" that match a thousand foods. Here each search word's
/// matches and frequencies are read once, and a search is a merge and a sort.
///
/// What is read: the row count and total token count (the table's averages record), every row's token count (the
/// docsize table) and every term's instances (an `fts5vocab` table). A search word is looked up under its Porter
/// stem and checked against the rows SQLite itself matches for the word; a word that fails the check, or that is not
/// exactly one ASCII token, is left to SQLite.
final class FoodRankIndex: @unchecked Sendable {
    /// One word's matches: rows in ascending order, how often the word occurs in each, and each row's length in
    /// tokens (nil for a row without a food, which the search's join with `food` would drop).
    struct Term {
        var rows: [Int64]
        var frequencies: [Double]
        var lengths: [Double?]
    }

    /// FTS5's bm25 constants.
    private static let k1 = 1.2
    private static let b = 0.75

    private let rowCount: Int64
    private let averageLength: Double
    private let tokenCounts: [Int64: Double]
    private let foods: [Int64: Food]
    /// Every term's rows (ascending) and how often it occurs in each, read from FTS5's instances at once: one scan
    /// costs less than a query per search word.
    private let instances: [String: (rows: [Int64], frequencies: [Double])]

    /// Reads the averages record, the docsize table and every food; nil when the table is not laid out as expected.
    init?(_ db: Database, groups: [String: String]) throws {
        guard let averages = try Data.fetchOne(db, sql: "SELECT block FROM foodSearch_data WHERE id = 1") else { return nil }
        var cursor = averages.startIndex
        guard let rows = Self.varint(averages, &cursor), let tokens = Self.varint(averages, &cursor), rows > 0 else {
            return nil
        }
        rowCount = rows
        averageLength = Double(tokens) / Double(rows)
        var counts: [Int64: Double] = [:]
        let sizes = try Row.fetchCursor(db, sql: "SELECT id, sz FROM foodSearch_docsize")
        while let row = try sizes.next() {
            let blob: Data = row[1]
            var position = blob.startIndex
            guard let size = Self.varint(blob, &position) else { return nil }
            counts[row[0]] = Double(size)
        }
        tokenCounts = counts
        var foods: [Int64: Food] = [:]
        let foodRows = try Row.fetchCursor(db, sql: "SELECT id, name, foodGroupId, energyKcal FROM food")
        while let row = try foodRows.next() {
            let code: String? = row[2]
            foods[row[0]] = Food(id: FoodID.string(ndb: row[0]), name: row[1], group: code.flatMap { groups[$0] },
                                 groupCode: code, kcalPer100g: row[3])
        }
        self.foods = foods
        guard let instances = try Self.instances(db) else { return nil }
        self.instances = instances
    }

    /// The `fts5vocab` instance table grouped by term; nil when it does not come in term, then row order.
    ///
    /// Some 75,000 rows: read through SQLite's own column accessors, so a term's bytes become a `String` once per
    /// term rather than once per row.
    private static func instances(_ db: Database) throws -> [String: (rows: [Int64], frequencies: [Double])]? {
        var result: [String: (rows: [Int64], frequencies: [Double])] = [:]
        var term: [UInt8] = []
        var rows: [Int64] = []
        var frequencies: [Double] = []
        func finish() -> Bool {
            guard !rows.isEmpty else { return true }
            let key = String(decoding: term, as: UTF8.self)
            guard result[key] == nil else { return false }
            result[key] = (rows, frequencies)
            return true
        }
        let statement = try db.makeStatement(sql: "SELECT term, doc FROM temp.foodSearchTerms")
        let sqlite = statement.sqliteStatement
        while true {
            let code = sqlite3_step(sqlite)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { return nil }
            let length = Int(sqlite3_column_bytes(sqlite, 0))
            guard let text = sqlite3_column_text(sqlite, 0) else { return nil }
            let bytes = UnsafeBufferPointer(start: text, count: length)
            let doc = sqlite3_column_int64(sqlite, 1)
            if !bytes.elementsEqual(term) {
                guard finish() else { return nil }
                term = Array(bytes)
                rows.removeAll(keepingCapacity: true)
                frequencies.removeAll(keepingCapacity: true)
            }
            if let last = rows.last, last == doc {
                frequencies[frequencies.count - 1] += 1
            } else {
                guard rows.last.map({ $0 < doc }) ?? true else { return nil }
                rows.append(doc)
                frequencies.append(1)
            }
        }
        guard finish() else { return nil }
        return result
    }

    /// The hits of an all-words search for `terms` (one per search word, in the search's order), best first.
    func hits(_ terms: [Term], limit: Int) -> [FoodSearchHit] {
        guard var common = terms.first?.rows else { return [] }
        for term in terms.dropFirst() where !common.isEmpty { common = Self.intersection(common, term.rows) }
        // Inverse document frequencies, as fts5Bm25GetData works them out.
        let idf = terms.map { term -> Double in
            let hits = Int64(term.rows.count)
            let value = Foundation.log((Double(rowCount - hits) + 0.5) / (Double(hits) + 0.5))
            return value <= 0 ? 1e-6 : value
        }
        var positions = [Int](repeating: 0, count: terms.count)
        // The best `limit` by (rank, row): SQLite sorts equal ranks in the order it scanned the rows, ascending row
        // id. Kept sorted as they come, since most rows of a common word never make the cut.
        var best: [(rank: Double, row: Int64)] = []
        best.reserveCapacity(limit + 1)
        for row in common {
            for i in terms.indices { while terms[i].rows[positions[i]] < row { positions[i] += 1 } }
            guard let length = terms[0].lengths[positions[0]] else { continue }
            var score = 0.0
            for i in terms.indices {
                let frequency = terms[i].frequencies[positions[i]]
                score += idf[i] * ((frequency * (Self.k1 + 1.0))
                    / (frequency + Self.k1 * (1 - Self.b + Self.b * length / averageLength)))
            }
            let entry = (rank: -1.0 * score, row: row)
            if best.count == limit, let last = best.last, (last.rank, last.row) <= (entry.rank, entry.row) { continue }
            let slot = best.firstIndex { ($0.rank, $0.row) > (entry.rank, entry.row) } ?? best.count
            best.insert(entry, at: slot)
            if best.count > limit { best.removeLast() }
        }
        return best.compactMap { entry in foods[entry.row].map { FoodSearchHit(food: $0, rank: entry.rank) } }
    }

    /// The length of each row that has a food, aligned with `rows`.
    func lengths(of rows: [Int64]) -> [Double?] {
        rows.map { foods[$0] != nil ? tokenCounts[$0] : nil }
    }

    /// The instances of `word` under its Porter stem, when the stem's rows are exactly `matches` (SQLite's rows for
    /// the word); nil when the word is not one ASCII token ("2%" is the token "2") or the check fails.
    func term(for word: String, matches: [Int64]) -> Term? {
        guard word.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        // unicode61 on ASCII: runs of letters and digits, lowercased; anything else separates tokens.
        let tokens = word.utf8.split { !(($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A)) }
        guard tokens.count == 1, let token = tokens.first,
              let stem = PorterStemmer.stem(token.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }) else { return nil }
        let found = instances[String(decoding: stem, as: UTF8.self)] ?? ([], [])
        guard found.rows == matches else { return nil }
        return Term(rows: found.rows, frequencies: found.frequencies, lengths: lengths(of: found.rows))
    }

    /// The common elements of two ascending lists.
    static func intersection(_ a: [Int64], _ b: [Int64]) -> [Int64] {
        var result: [Int64] = []
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] < b[j] { i += 1 } else if a[i] > b[j] { j += 1 } else { result.append(a[i]); i += 1; j += 1 }
        }
        return result
    }

    /// An SQLite varint (big-endian, seven bits a byte, the ninth byte whole), as FTS5 stores sizes.
    static func varint(_ data: Data, _ position: inout Data.Index) -> Int64? {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard position < data.endIndex else { return nil }
            let byte = data[position]
            position += 1
            if index == 8 { return Int64(bitPattern: (value << 8) | UInt64(byte)) }
            value = (value << 7) | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return Int64(bitPattern: value) }
        }
        return nil
    }
}
