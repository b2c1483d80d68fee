/// The Porter stemmer exactly as SQLite's FTS5 `porter` tokenizer applies it to one lowercase ASCII token, so that
/// a search word can be looked up among the terms FTS5 stored ("berries" → "berri", "roasted" → "roast").
///
/// Each step mirrors `fts5PorterStep*` in SQLite's `fts5_tokenize.c`: a suffix is picked by the last-but-one
/// letter, the first suffix that fits is the only one tried, and its condition (the measure `m` of the stem) decides
/// whether it is replaced. Where SQLite would read before the start of a very short stem, `stem` gives nil and the
/// caller leaves the word to SQLite. Callers verify every stem against SQLite's own matches before trusting it.
enum PorterStemmer {
    /// Tokens longer than this are stored as they are (`FTS5_PORTER_MAX_TOKEN`).
    static let maximumLength = 64

    /// The stem of `token`, or nil when this port cannot say for sure.
    static func stem(_ token: [UInt8]) -> [UInt8]? {
        guard token.count >= 3, token.count <= maximumLength else { return token }
        var word = token
        step1A(&word)
        if step1B(&word) {
            guard word.count >= 2 else { return nil }
            if !step1B2(&word) {
                let c = word[word.count - 1]
                if !isVowel(c, yIsVowel: false), c != UInt8(ascii: "l"), c != UInt8(ascii: "s"), c != UInt8(ascii: "z"),
                   c == word[word.count - 2] {
                    word.removeLast()
                } else if measureIs1(word[...]), endsCVC(word[...]) {
                    word.append(UInt8(ascii: "e"))
                }
            }
        }
        if word.last == UInt8(ascii: "y"), hasVowel(word.dropLast()) { word[word.count - 1] = UInt8(ascii: "i") }
        guard word.count >= 2 else { return nil }
        replace(&word, rules: step2Rules) { measureAbove0($0) }
        guard word.count >= 2 else { return nil }
        replace(&word, rules: step3Rules) { measureAbove0($0) }
        guard word.count >= 2 else { return nil }
        step4(&word)
        if word.last == UInt8(ascii: "e") {
            let stem = word.dropLast()
            if measureAbove1(stem) || (measureIs1(stem) && !endsCVC(stem)) { word.removeLast() }
        }
        if word.count > 1, word[word.count - 1] == UInt8(ascii: "l"), word[word.count - 2] == UInt8(ascii: "l"),
           measureAbove1(word.dropLast()) {
            word.removeLast()
        }
        return word
    }

    // MARK: - Steps

    private static func step1A(_ word: inout [UInt8]) {
        let n = word.count
        guard word[n - 1] == UInt8(ascii: "s") else { return }
        if word[n - 2] == UInt8(ascii: "e") {
            if (n > 4 && word[n - 4] == UInt8(ascii: "s") && word[n - 3] == UInt8(ascii: "s"))
                || (n > 3 && word[n - 3] == UInt8(ascii: "i")) {
                word.removeLast(2)
            } else {
                word.removeLast()
            }
        } else if word[n - 2] != UInt8(ascii: "s") {
            word.removeLast()
        }
    }

    /// "-eed", "-ed", "-ing"; true when "-ed" or "-ing" went.
    private static func step1B(_ word: inout [UInt8]) -> Bool {
        if ends(word, "eed") {
            if measureAbove0(word.dropLast(3)) { word.removeLast() }
            return false
        }
        if ends(word, "ed") {
            guard hasVowel(word.dropLast(2)) else { return false }
            word.removeLast(2)
            return true
        }
        if ends(word, "ing") {
            guard hasVowel(word.dropLast(3)) else { return false }
            word.removeLast(3)
            return true
        }
        return false
    }

    private static func step1B2(_ word: inout [UInt8]) -> Bool {
        for (suffix, replacement) in [("at", "ate"), ("bl", "ble"), ("iz", "ize")] where ends(word, suffix) {
            word.removeLast(2)
            word.append(contentsOf: replacement.utf8)
            return true
        }
        return false
    }

    /// Step 2 (m > 0), by last-but-one letter, in SQLite's order.
    private static let step2Rules: [(String, String)] = [
        ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"), ("logi", "log"),
        ("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"), ("ization", "ize"),
        ("ation", "ate"), ("ator", "ate"), ("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"),
        ("aliti", "al"), ("iviti", "ive"), ("biliti", "ble"),
    ]

    /// Step 3 (m > 0).
    private static let step3Rules: [(String, String)] = [
        ("ical", "ic"), ("ness", ""), ("icate", "ic"), ("iciti", "ic"), ("ful", ""), ("ative", ""), ("alize", "al"),
    ]

    /// Step 4 (m > 1; "-ion" also needs the stem to end in s or t).
    private static let step4Rules: [String] = [
        "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism", "ate", "iti",
        "ous", "ive", "ize",
    ]

    /// The first rule whose suffix ends the word (and is shorter than it) is the only one tried, as in SQLite, where
    /// each case of the switch on the last-but-one letter is one if/else chain.
    private static func replace(_ word: inout [UInt8], rules: [(String, String)],
                                condition: (ArraySlice<UInt8>) -> Bool) {
        guard let (suffix, replacement) = rules.first(where: { ends(word, $0.0) }) else { return }
        let stem = word.dropLast(suffix.utf8.count)
        guard condition(stem) else { return }
        word = Array(stem) + Array(replacement.utf8)
    }

    private static func step4(_ word: inout [UInt8]) {
        guard let suffix = step4Rules.first(where: { ends(word, $0) }) else { return }
        let stem = word.dropLast(suffix.utf8.count)
        if suffix == "ion" {
            guard let last = stem.last, last == UInt8(ascii: "s") || last == UInt8(ascii: "t"), measureAbove1(stem)
            else { return }
        } else {
            guard measureAbove1(stem) else { return }
        }
        word = Array(stem)
    }

    // MARK: - Conditions

    /// Whether `word` ends in `suffix` with at least one letter before it (SQLite's `nBuf > length` test).
    private static func ends(_ word: [UInt8], _ suffix: String) -> Bool {
        let suffix = suffix.utf8
        guard word.count > suffix.count else { return false }
        var i = word.count - suffix.count
        for c in suffix {
            guard word[i] == c else { return false }
            i += 1
        }
        return true
    }

    private static func isVowel(_ c: UInt8, yIsVowel: Bool) -> Bool {
        c == UInt8(ascii: "a") || c == UInt8(ascii: "e") || c == UInt8(ascii: "i") || c == UInt8(ascii: "o")
            || c == UInt8(ascii: "u") || (yIsVowel && c == UInt8(ascii: "y"))
    }

    /// `fts5PorterGobbleVC`: the length of the first vowels-then-consonant run, or 0 when there is none.
    private static func gobbleVC(_ stem: ArraySlice<UInt8>, previousIsConsonant: Bool) -> Int {
        var consonant = previousIsConsonant
        let start = stem.startIndex
        var i = 0
        while i < stem.count {
            consonant = !isVowel(stem[start + i], yIsVowel: consonant)
            if !consonant { break }
            i += 1
        }
        i += 1
        while i < stem.count {
            consonant = !isVowel(stem[start + i], yIsVowel: consonant)
            if consonant { return i + 1 }
            i += 1
        }
        return 0
    }

    private static func measureAbove0(_ stem: ArraySlice<UInt8>) -> Bool {
        gobbleVC(stem, previousIsConsonant: false) != 0
    }

    private static func measureAbove1(_ stem: ArraySlice<UInt8>) -> Bool {
        let n = gobbleVC(stem, previousIsConsonant: false)
        return n != 0 && gobbleVC(stem.dropFirst(n), previousIsConsonant: true) != 0
    }

    private static func measureIs1(_ stem: ArraySlice<UInt8>) -> Bool {
        let n = gobbleVC(stem, previousIsConsonant: false)
        return n != 0 && gobbleVC(stem.dropFirst(n), previousIsConsonant: true) == 0
    }

    /// `*o`: consonant, vowel, consonant other than w, x or y at the end.
    private static func endsCVC(_ stem: ArraySlice<UInt8>) -> Bool {
        guard let last = stem.last, last != UInt8(ascii: "w"), last != UInt8(ascii: "x"), last != UInt8(ascii: "y")
        else { return false }
        var mask = 0
        var consonant = false
        for c in stem {
            consonant = !isVowel(c, yIsVowel: consonant)
            mask = (mask << 1) + (consonant ? 1 : 0)
        }
        return mask & 0b111 == 0b101
    }

    /// `*v*`: a vowel anywhere ("y" counts after the first letter).
    private static func hasVowel(_ stem: ArraySlice<UInt8>) -> Bool {
        for (i, c) in stem.enumerated() where isVowel(c, yIsVowel: i > 0) { return true }
        return false
    }
}
