import Foundation
import GRDB
import Testing
@testable import NutriStore

/// The in-memory ranking must give what SQLite gives: the same foods, in the same order, with the same bm25.
@Suite("In-memory bm25 ranking")
struct FoodRankIndexTests {
    @Test func stemsLikeFTS5() {
        let cases = ["berries": "berri", "roasted": "roast", "cooking": "cook", "caresses": "caress", "ponies": "poni",
                     "agreed": "agre", "hopping": "hop", "filing": "file", "happy": "happi", "relational": "relat",
                     "generalization": "gener", "electrical": "electr", "adjustable": "adjust", "controll": "control",
                     "raw": "raw", "eggs": "egg", "tomatoes": "tomato", "noodles": "noodl", "fried": "fri", "ice": "ic"]
        for (word, stem) in cases {
            #expect(PorterStemmer.stem(Array(word.utf8)).map { String(decoding: $0, as: UTF8.self) } == stem, "\(word)")
        }
    }

    @Test func fixtureRanksLikeSQLite() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.compare(FoodDatabase(path: try Fixtures.buildDatabase(in: folder).path), limit: nil)
    }

    @Test(.enabled(if: Fixtures.installedFullDatabase != nil))
    func fullDatabaseRanksLikeSQLite() throws {
        try Self.compare(FoodDatabase(path: try #require(Fixtures.installedFullDatabase)), limit: 1_500)
    }

    /// The `searchWord` table built with the database holds, for each stored word, exactly what FTS5 answers live:
    /// the rows of a phrase query and the occurrences of the word's term in each.
    @Test func storedSearchWordsAgreeWithFTS5() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try FoodDatabase(path: try Fixtures.buildDatabase(in: folder).path)
        let words = try database.connections.read { db in try String.fetchAll(db, sql: "SELECT word FROM searchWord") }
        #expect(words.count > 50)
        for word in words {
            let entry = try #require(try database.storedSearchWord(word))
            let live = try database.connections.read { db -> ([Int64], [Double]?) in
                let rows = try Int64.fetchAll(db, sql: "SELECT rowid FROM foodSearch WHERE foodSearch MATCH ? ORDER BY rowid",
                                              arguments: ["\"\(word)\""])
                let stem = try #require(FoodRankIndex.stem(of: word))
                return (rows, try FoodRankIndex.instances(of: stem, in: db)?.frequencies)
            }
            #expect(entry.rows == live.0, "\(word)")
            #expect(entry.frequencies == live.1, "\(word)")
        }
        // A word of no name is not stored, and is left to SQLite.
        #expect(try database.storedSearchWord("zzyzx") == nil)
    }

    /// Every word of the food names (up to `limit` of them, spread over the alphabet), alone and with the next word.
    static func compare(_ database: FoodDatabase, limit: Int?) throws {
        let names = try database.connections.read { db in try String.fetchAll(db, sql: "SELECT name FROM food ORDER BY id") }
        let phrases = names.map { name in
            name.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        }
        var words = Array(Set(phrases.flatMap { $0 })).sorted()
        if let limit, words.count > limit { words = stride(from: 0, to: words.count, by: words.count / limit).map { words[$0] } }
        let index = try #require(try database.connections.read { db in try FoodRankIndex(db, groups: [:]) })
        var terms: [String: FoodRankIndex.Term] = [:]
        for word in words {
            terms[word] = try database.uncachedRankTerm(word, index: index)
            #expect(terms[word] != nil, "FTS5 stems \(word) otherwise")
        }
        var queries = words.map { [$0] }
        queries += phrases.filter { $0.count > 1 && terms[$0[0]] != nil && terms[$0[1]] != nil }.map { Array($0.prefix(2)) }
        for query in queries {
            let found = query.compactMap { terms[$0] }
            guard found.count == query.count else { continue }
            let memory = index.hits(found, limit: 20).map { "\($0.food.id) \($0.rank)" }
            let sql = try database.connections.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT food.id, bm25(foodSearch) AS rank FROM foodSearch JOIN food ON food.id = foodSearch.rowid
                    WHERE foodSearch MATCH ? ORDER BY rank LIMIT 20
                    """, arguments: [query.map { "\"\($0)\"" }.joined(separator: " ")])
                    .map { row -> String in "\(FoodID.string(ndb: row[0])) \(row[1] as Double)" }
            }
            #expect(memory == sql, "\(query)")
        }
    }
}
