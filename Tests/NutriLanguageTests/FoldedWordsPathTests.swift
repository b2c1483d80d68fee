import Foundation
import NutriTestSupport
import Testing
@testable import NutriLanguage

/// One splitter: `FoldedWords` splits ASCII text byte by byte for speed; the words must be exactly those of the one
/// tokenizer's tokens, folded (`FoldedWords.tokenWords`), on every kind of text people type.
@Suite struct FoldedWordsPathTests {
    /// Pieces that touch every rule: marks, numbers and their commas and points, exponents, "&", hyphens,
    /// apostrophes, symbols that are no tokens, control bytes.
    static let pieces = [
        "5'10\"", "6'1\"", "5' 10\"", "10''", "5'", "'", "\"", "''", "kids'", "'n'", "don't", "McDonald's", "I'm",
        "rock'n'roll", "1/2", "2.5", ".5", "5.", "1.2.3", "v1.2.3", "1,000", "1,5", "1,50", "1,0000", "12,345,678",
        "1,000,5", "1,", ",5", "&", "AT&T", "low-fat", "-5", "2-3", "x-", "-y", "--", "e5", "1e308", "2.5E3", "1e", "1e-",
        "1e+5", "1e-3x", "1e400", "%", "2%", "3.25%", "50 %", "abc%", "7up", "v8", "b12", "250g", "5ft10", "1,000mg",
        "1h30", "a", "Z", "Eggs", " ", "  ", "\t", "\n", "\u{7F}", "\u{1}", "$", "_", "^", "|", "\\", "`", "{", "}",
        "...", ".", ",", ";", ":", "!", "?", "(", ")", "[", "]", "+", "~", "*", "@", "#", "=", "<", ">", "/", "-",
        "milk", "2 cups", "twenty-one", "push-ups", "9999999999999999999999", "0.0001", "00", "3rd",
    ]

    /// Text the ASCII path reads: hand-picked lines, every piece alone and in pairs, and seeded random mixes.
    static var asciiCorpus: [String] {
        var corpus = [
            "I'm 5'10\" and weigh 70kg", "2 & 1/2 cups of AT&T's low-fat milk, 1,000 kcal", "ran -5 km in 1e308 min",
            "McDonald's Big Mac & fries", "\"big mac\" please", "it's 6'' tall", "5'10''", "1,5 kg", "12,345,678",
            "v1.2.3", "end.", "", "   ", "don't log that", "Milk, reduced fat, 2%", "3.25% milkfat", "toast 'n' butter",
        ]
        corpus += pieces
        for first in pieces { for second in pieces { corpus.append(first + second) } }
        var generator = SeededGenerator(seed: 0x5EED)
        let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) } + ["\t", "\n"]
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...8, using: &generator)
            corpus.append((0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
            let length = Int.random(in: 1...24, using: &generator)
            corpus.append(String((0..<length).map { _ in printable.randomElement(using: &generator) ?? " " }))
        }
        corpus.append(String(repeating: "1,000.5e3 don't ", count: 400))
        return corpus
    }

    @Test func asciiPathEqualsTokenPath() {
        var differences: [String] = []
        for text in Self.asciiCorpus {
            let fast = FoldedWords.words(of: text)
            let tokens = FoldedWords.tokenWords(text)
            if fast != tokens { differences.append("\(text.debugDescription): \(fast) ≠ \(tokens)") }
        }
        #expect(differences.isEmpty, "\(differences.count) differ, first: \(differences.prefix(10))")
    }

    /// Text that is not ASCII goes through the tokenizer; its ASCII twin must give the same words.
    @Test(arguments: [
        ("Café crème", "Cafe creme"), ("I’m 5′10″", "I'm 5'10\""), ("“big mac”", "\"big mac\""), ("½ cup", "1/2 cup"),
        ("１２ｇ rice", "12g rice"), ("pizza 🍕 & beer 🍺", "pizza  & beer "), ("e\u{301}clair", "eclair"),
        ("low‐fat – milk", "low-fat - milk"), ("Ünïcödé & ÉCLAIR", "Unicode & ECLAIR"), ("naïve 2½", "naive 2 1/2"),
        ("soft\u{AD}ware\u{200B}", "software"), ("5\u{A0}kg", "5 kg"), ("\u{FFFD}\u{FFFD} 2 eggs", "  2 eggs"),
    ])
    func unicodeTextFoldsToItsASCIITwin(text: String, twin: String) {
        #expect(FoldedWords.words(of: text) == FoldedWords.words(of: twin))
    }

    /// Invalid UTF-8 arrives as replacement characters: words, no trap.
    @Test func invalidUTF8IsSplit() {
        let bytes: [UInt8] = [0x32, 0x20, 0xFF, 0xFE, 0x65, 0x67, 0x67, 0x73, 0xC3, 0x28, 0x20, 0xED, 0xA0, 0x80]
        #expect(FoldedWords.words(of: String(decoding: bytes, as: UTF8.self)) == ["2", "eggs"])
    }

    /// Lexicon phrases are split by the same splitter as messages.
    @Test func lexiconPhrasesSplitAsMessages() {
        for phrase in ["push-ups", "I'm", "rock & roll", "Café", "5'10\"", "1,000 steps", "half-an-hour"] {
            #expect(MeasureText.words(phrase) == FoldedWords.words(of: phrase), "\(phrase)")
        }
    }
}

/// The dialogue's amount words: the one tokenizer's words with a written fraction kept whole.
@Suite struct AmountWordsTests {
    @Test(arguments: [
        ("actually 3/4 cup", ["actually", "3/4", "cup"]), ("make that 1 1/2 cups", ["make", "that", "1", "1/2", "cups"]),
        ("no, 3/4", ["no", "3/4"]), ("½ cup", ["1/2", "cup"]), ("2½ cups", ["2", "1/2", "cups"]),
        ("Actually 3 / 4 cup", ["actually", "3", "4", "cup"]), ("3/ 4", ["3", "4"]), ("1/2/3", ["1/2", "3"]),
        ("and/or", ["and", "or"]), ("1/x", ["1", "x"]), ("#2", ["2"]), ("1,000 kcal", ["1000", "kcal"]),
        ("3 eggs, not 2!", ["3", "eggs", "not", "2"]), ("1.5 cups.", ["1.5", "cups"]), ("McDonald's 2/3", ["mcdonalds", "2/3"]),
    ])
    func fractionsStayWhole(text: String, words: [String]) {
        #expect(FoldedWords.amountWords(of: text) == words)
    }

    /// Without a fraction bar the amount words are the words.
    @Test func withoutABarTheyAreTheWords() {
        for text in FoldedWordsPathTests.pieces + ["2 eggs and toast", "5'10\"", "ran 5 km", ""] where !text.contains("/") {
            #expect(FoldedWords.amountWords(of: text) == FoldedWords.words(of: text))
        }
    }
}
