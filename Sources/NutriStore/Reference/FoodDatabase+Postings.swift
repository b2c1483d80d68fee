import Foundation
import GRDB

extension FoodDatabase {
    /// Whether no food name has every one of `words`, known without a ranked search.
    ///
    /// An all-words FTS5 query matches exactly the foods that each word's own query matches, so the intersection of
    /// those (cached per word) decides whether the ranked query can find anything. Most all-words searches of batch
    /// parse find nothing (the resolver then tries subsets), and this answers them from memory. A word that could
    /// tokenize to nothing (no ASCII letter or digit) is left to SQLite, which knows best.
    func cannotMatchAll(_ words: [String]) throws -> Bool {
        guard words.count > 1, words.allSatisfy(Self.surelyHasToken) else { return false }
        var lists = try words.map { try postings(of: $0) }
        lists.sort { $0.count < $1.count }
        // The shortest list's rows, each looked up in the longer lists by binary search: common words ("raw",
        // "with") match thousands of rows, and a search word's few rows are settled without walking them.
        return !lists[0].contains { row in lists.dropFirst().allSatisfy { Self.contains($0, row) } }
    }

    /// The all-words search ranked in memory (`FoodRankIndex`), once enough searches have run to pay for reading
    /// the index; nil when it is not ready or a word is left to SQLite. The hits are the same either way.
    func rankedInMemory(_ words: [String], limit: Int, groups: [String: String]) throws -> [FoodSearchHit]? {
        guard let index = readyRankIndex(groups: groups) else { return nil }
        var terms: [FoodRankIndex.Term] = []
        for word in words {
            guard let term = try rankTerm(word, index: index) else { return nil }
            terms.append(term)
        }
        return index.hits(terms, limit: limit)
    }

    /// Searches before the index is read: a one-line parse never pays for it, a batch soon does.
    static let searchesBeforeRankIndex = 48

    private func readyRankIndex(groups: [String: String]) -> FoodRankIndex? {
        lock.lock()
        rankedSearches += 1
        if let rankIndex { lock.unlock(); return rankIndex }
        guard !rankIndexTried, rankedSearches >= Self.searchesBeforeRankIndex else { lock.unlock(); return nil }
        rankIndexTried = true
        lock.unlock()
        // Another thread asking meanwhile searches with SQLite, with the same result.
        let index = (try? connections.read { db in try FoodRankIndex(db, groups: groups) }) ?? nil
        locked { rankIndex = index }
        return index
    }

    private func rankTerm(_ word: String, index: FoodRankIndex) throws -> FoodRankIndex.Term? {
        if let cached = locked({ termCache[word] }) { return cached }
        let term = try uncachedRankTerm(word, index: index)
        locked { termCache[word] = .some(term) }
        return term
    }

    /// A search word's instances under its Porter stem, when they are exactly SQLite's matches for the word.
    func uncachedRankTerm(_ word: String, index: FoodRankIndex) throws -> FoodRankIndex.Term? {
        if let stored = try storedSearchWord(word) { return index.term(instances: stored, matches: stored.rows) }
        let matches = try postings(of: word)
        guard let stem = FoodRankIndex.stem(of: word),
              let instances = try connections.read({ db in try FoodRankIndex.instances(of: stem, in: db) }) else { return nil }
        return index.term(instances: instances, matches: matches)
    }

    /// The row ids (ascending) of foods whose name matches the phrase `word`.
    func postings(of word: String) throws -> [Int64] {
        if let stored = try storedSearchWord(word) { return stored.rows }
        if let cached = locked({ postingCache[word] }) { return cached }
        let rows = try connections.read { db in
            let statement = try db.cachedStatement(sql: "SELECT rowid FROM foodSearch WHERE foodSearch MATCH ? ORDER BY rowid")
            return try Int64.fetchAll(statement, arguments: ["\"\(word)\""])
        }
        locked { postingCache[word] = rows }
        return rows
    }

    /// A word of the food names as the database stored it when it was built, checked then against SQLite.
    func storedSearchWord(_ word: String) throws -> FoodSearchWords.Entry? {
        guard hasSearchWords else { return nil }
        if let cached = locked({ searchWordCache[word] }) { return cached }
        let entry = try connections.read { db in try FoodSearchWords.entry(word, in: db) }
        locked { searchWordCache[word] = .some(entry) }
        return entry
    }

    /// A word with an ASCII letter or digit is at least one token for the unicode61 tokenizer.
    private static func surelyHasToken(_ word: String) -> Bool {
        word.utf8.contains { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) }
    }

    /// Whether the ascending list `list` holds `value`.
    private static func contains(_ list: [Int64], _ value: Int64) -> Bool {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low] == value
    }
}
