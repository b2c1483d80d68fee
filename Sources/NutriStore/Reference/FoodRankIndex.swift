import Foundation
import GRDB

/// FTS5's bm25 ranking of food names, computed in memory from FTS5's own data, number for number and in the same
/// order as `SELECT … bm25(foodSearch) AS rank … ORDER BY rank LIMIT n`.
///
/// Batch parse runs over a thousand ranked searches; SQLite computes bm25 for every matching row of each, which
/// costs about a microsecond a row for words like "raw" that match a thousand foods. Here each search word's
/// matches and frequencies are read once, and a search is a merge and a sort.
///
/// What is read: the row count and total token count (the table's averages record) and every row's token count (the
/// docsize table) at once; each search word's matches and occurrence counts when it is first searched, from the
/// `searchWord` table stored at install (FoodSearchWords) or else from an `fts5vocab` table under the word's Porter
/// stem, checked against the rows SQLite itself matches for the word. A word that fails the check, or that is not
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
    /// Each row's length in tokens, for the rows that have a food.
    private let foodLengths: [Int64: Double]
    private let foods: [Int64: Food]

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
        var foods: [Int64: Food] = [:]
        let foodRows = try Row.fetchCursor(db, sql: "SELECT id, name, foodGroupId, energyKcal FROM food")
        while let row = try foodRows.next() {
            let code: String? = row[2]
            foods[row[0]] = Food(id: FoodID.string(ndb: row[0]), name: row[1], group: code.flatMap { groups[$0] },
                                 groupCode: code, kcalPer100g: row[3])
        }
        self.foods = foods
        foodLengths = counts.filter { foods[$0.key] != nil }
    }

    /// One term's rows (ascending) and how often it occurs in each, from the `fts5vocab` instance table, which
    /// seeks to the term; nil when the instances do not come in row order.
    static func instances(of term: String, in db: Database) throws -> (rows: [Int64], frequencies: [Double])? {
        var rows: [Int64] = []
        var frequencies: [Double] = []
        let statement = try db.cachedStatement(sql: "SELECT doc FROM temp.foodSearchTerms WHERE term = ?")
        let docs = try Int64.fetchCursor(statement, arguments: [term])
        while let doc = try docs.next() {
            if let last = rows.last, last == doc {
                frequencies[frequencies.count - 1] += 1
            } else {
                guard rows.last.map({ $0 < doc }) ?? true else { return nil }
                rows.append(doc)
                frequencies.append(1)
            }
        }
        return (rows, frequencies)
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
        rows.map { foodLengths[$0] }
    }

    /// The Porter stem FTS5 stores `word` under; nil when the word is not one ASCII token ("2%" is the token "2")
    /// or this port cannot say for sure.
    static func stem(of word: String) -> String? {
        guard word.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        // unicode61 on ASCII: runs of letters and digits, lowercased; anything else separates tokens.
        let tokens = word.utf8.split { !(($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A)) }
        guard tokens.count == 1, let token = tokens.first,
              let stem = PorterStemmer.stem(token.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }) else { return nil }
        return String(decoding: stem, as: UTF8.self)
    }

    /// A search word's term from its stem's instances, when their rows are exactly `matches` (SQLite's rows for the
    /// word); nil when the check fails.
    func term(instances: (rows: [Int64], frequencies: [Double]), matches: [Int64]) -> Term? {
        guard instances.rows == matches else { return nil }
        return Term(rows: instances.rows, frequencies: instances.frequencies, lengths: lengths(of: instances.rows))
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
