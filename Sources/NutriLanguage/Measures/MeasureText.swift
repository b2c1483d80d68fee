import Foundation

/// A message read for its measures: word and number tokens (number words folded: "twenty five" → 25) and the
/// measures in it ("180 cm", "5'10", "an hour and a half", "12 st 4 lb"), each with its token range so readers can
/// tell what a measure belongs to.
///
/// It reads through the one tokenizer, number grammar and unit table (`units.tsv`, every dimension), the same ones
/// meal text uses; its words are folded as every whole-word stage's are (`FoldedWords`, `WordFolding`): punctuation
/// other than the feet and inch marks dropped, hyphenated words split ("push-ups" → push, ups), apostrophes dropped
/// ("I'm" → im), so word lists match however a person types them.
public struct MeasureText: Sendable {
    /// One token: a word, a mark (' and "), or a number (number words already folded).
    public struct Word: Sendable, Equatable {
        /// The word, or the number as written.
        public var text: String
        /// The value of a number token.
        public var number: Double?
        /// Whether a number was written right after a minus sign ("-5 g", but not the range "2-3").
        public var minus = false
    }

    /// A number with its unit, as stated; compounds ("5 ft 10") are one measure.
    public struct Measure: Sendable, Equatable {
        /// The amount in the dimension's base: grams, milliliters, meters, minutes or kcal; negative when written
        /// with a minus ("-5 km"), endless or huge when written so ("1e308 km"): the sign and size stay for the
        /// reader to refuse, never dropped.
        public var amount: Double
        /// The first unit stated ("foot" in "5 ft 10").
        public var unit: UnitDefinition
        /// The tokens it spans.
        public var range: Range<Int>
        /// The milliliters it means for a drink: its volume, or "64 oz" of water as fluid ounces (`drink` in
        /// `units.tsv`); nil when it states no volume.
        public var drinkMilliliters: Double?
        /// What it measures; a container with a volume ("8 glasses") is a volume.
        public var dimension: UnitKind { unit.kind == .container ? .volume : unit.kind }
        /// The measure as the person typed it, sign included ("-5 km", "1e308 kg"), for replies that refuse it.
        public var written = ""
    }

    /// The words and numbers, in order.
    public let tokens: [Word]
    /// Every measure, left to right.
    public let measures: [Measure]

    /// Reads `text` with the lexicon's units and number words.
    public init(_ text: String, lexicon: LanguageLexicon) {
        let normalized = TextNormalizer.normalizeKeepingMap(text)
        self.init(raw: Self.tokens(normalized, lexicon: lexicon), source: normalized, lexicon: lexicon)
    }

    /// The clauses of `text` between commas, semicolons and brackets, each read on its own: a label lists one fact
    /// a clause ("Sodium 470mg, Total Carbohydrate 31g", "200 kcal (840 kJ)"). A comma inside a number ("1,800",
    /// "2,5") separates nothing.
    public static func clauses(_ text: String, lexicon: LanguageLexicon) -> [MeasureText] {
        let normalized = TextNormalizer.normalizeKeepingMap(text)
        return tokens(normalized, lexicon: lexicon).split { $0.kind == .punctuation && clauseMarks.contains($0.text) }
            .map { MeasureText(raw: Array($0), source: normalized, lexicon: lexicon) }
    }

    private static let clauseMarks: Set<String> = [",", ";", "(", ")"]

    private static func tokens(_ text: NormalizedText, lexicon: LanguageLexicon) -> [Token] {
        Tokenizer.tokenize(text, attachableUnits: lexicon.measureAttachableUnits)
    }

    private init(raw: [Token], source: NormalizedText, lexicon: LanguageLexicon) {
        let folded = MeasureFolding(lexicon: lexicon).fold(WordFolding.fold(raw))
        var kept: [Token] = []
        var minus: [Bool] = []
        kept.reserveCapacity(folded.count)
        for (k, token) in folded.enumerated() where token.kind != .punctuation || WordFolding.isMark(folded, at: k) {
            kept.append(token)
            // "-5": a minus sign after a space (or first) and right before the number; "2-3" is a range.
            let sign = k > 0 ? folded[k - 1] : nil
            minus.append(token.isNumber && !token.spaceBefore && sign?.kind == .punctuation && sign?.text == "-"
                         && (k == 1 || sign?.spaceBefore == true))
        }
        measures = MeasureScanner(tokens: kept, lexicon: lexicon).scan().map { found in
            var measure = found
            let negative = minus[measure.range.lowerBound]
            if negative {
                measure.amount = -measure.amount
                measure.drinkMilliliters = measure.drinkMilliliters.map { -$0 }
            }
            // The minus sign sits right before the number (no space), so the span starts one scalar earlier.
            let start = kept[measure.range.lowerBound].start - (negative ? 1 : 0)
            measure.written = source.originalText(start..<kept[measure.range.upperBound - 1].end)
            return measure
        }
        tokens = zip(kept, minus).map { Word(text: $0.text, number: $0.isNumber ? $0.value : nil, minus: $1) }
    }

    /// A lexicon phrase's words exactly as a message's are split ("push-ups" → push ups, "I'm" → im): the one
    /// splitter, `FoldedWords`.
    public static func words(_ phrase: String) -> [String] { FoldedWords.words(of: phrase) }

    /// The word texts (numbers as written).
    public var words: [String] { tokens.map(\.text) }

    /// Numbers that are not part of a measure, with their token index.
    public var bareNumbers: [(index: Int, value: Double)] {
        tokens.indices.compactMap { i in
            guard let value = tokens[i].number, !measures.contains(where: { $0.range.contains(i) }) else { return nil }
            return (i, value)
        }
    }

    /// Whether the words contain `phrase` ("per week") as consecutive tokens.
    public func contains(_ phrase: String) -> Bool { index(of: phrase) != nil }

    /// The first token index where `phrase` starts.
    public func index(of phrase: String) -> Int? {
        let wanted = Self.words(phrase)
        guard !wanted.isEmpty, wanted.count <= tokens.count else { return nil }
        return (0...(tokens.count - wanted.count)).first { start in
            wanted.indices.allSatisfy { tokens[start + $0].text == wanted[$0] }
        }
    }

    /// Whether any of `words` is a token.
    public func containsAny(_ words: Set<String>) -> Bool { tokens.contains { words.contains($0.text) } }
}

/// Folds numbers into single tokens with the number grammar: "twenty five" → 25, "one and a half" → 1.5,
/// "half a kilo" → 0.5 kilo, "a couple of hours" → 2 hours, "1 1/2" → 1.5. "a"/"an" is 1 only before a unit
/// ("an hour", "a liter"), so "a day" and "a week" stay words. Ranges are not read: "2-3" stays two numbers.
struct MeasureFolding {
    let lexicon: LanguageLexicon

    func fold(_ t: [Token]) -> [Token] {
        let grammar = NumberGrammar(lexicon: lexicon)
        var out: [Token] = []
        out.reserveCapacity(t.count)
        var i = 0
        while i < t.count {
            guard let match = grammar.parse(t, at: i, ranges: false), let value = match.value, match.end > i,
                  !match.isImplicit || lexicon.measureUnits.match(t, at: match.end) != nil else {
                out.append(t[i])
                i += 1
                continue
            }
            let written = t[i..<match.end].map(\.text).joined(separator: " ")
            out.append(Token(kind: .number, text: written, raw: written, value: value, start: t[i].start,
                             end: t[match.end - 1].end, spaceBefore: t[i].spaceBefore))
            i = match.end
        }
        return out
    }
}
