import Foundation

/// Turns a meal description into food items with amounts, a meal and a date.
///
/// "for my snack today I indulged in a delightful 2 cups of oatmeal with a banana" →
/// [2 cup "oatmeal", 1 "banana"], snack, today.
public final class MealTextParser: Sendable {
    /// Work stops after this many tokens, so a 1 MB line costs no more than a long paragraph.
    public static let maximumTokens = 400

    let lexicon: LanguageLexicon
    let grammar: AmountGrammar
    let knownFoods: KnownFoods
    let timeReader: TimeExpressionReader
    let companyReader: CompanyReader

    /// Creates a parser; `knownFoods` are names the food database knows and that must never be split
    /// ("mac and cheese", "fish and chips", "sweet potato").
    public convenience init(lexicon: LanguageLexicon, knownFoods: Set<String> = []) {
        self.init(lexicon: lexicon, index: KnownFoods(knownFoods, lexicon: lexicon))
    }

    /// Creates a parser over names already indexed (built on another thread while the rest loads).
    public init(lexicon: LanguageLexicon, index knownFoods: KnownFoods) {
        self.lexicon = lexicon
        self.grammar = AmountGrammar(lexicon: lexicon)
        self.knownFoods = knownFoods
        self.timeReader = TimeExpressionReader(lexicon: lexicon, numbers: grammar.numbers)
        self.companyReader = CompanyReader(lexicon: lexicon, numbers: grammar.numbers)
    }

    /// Parses one message relative to `reference` (the clock decides the meal when the text names none);
    /// `knownNames` are more names never to split, the person's own foods ("meal pack" holds a unit word).
    public func parse(_ text: String, reference: ReferenceDate, knownNames: Set<String> = []) -> MealText {
        let normalized = TextNormalizer.normalizeKeepingMap(text)
        var tokens = Tokenizer.tokenize(normalized, attachableUnits: lexicon.attachableUnits)
        if tokens.count > Self.maximumTokens { tokens.removeSubrange(Self.maximumTokens...) }
        let folded = tokens.map { $0.isWord ? lexicon.singular($0.text) : $0.text }
        var knownSpans = knownFoodSpans(folded, knownFoods, tokens: tokens)
        var ownNames: Set<Int> = []
        if !knownNames.isEmpty {
            // The person's own names win where they are at least as long as a built-in one at the same place.
            let own = knownFoodSpans(folded, KnownFoods(knownNames, lexicon: lexicon), tokens: tokens)
            for (start, span) in own where span.length >= (knownSpans[start]?.length ?? 0) {
                knownSpans = knownSpans.filter { $0.key + $0.value.length <= start || $0.key >= start + span.length }
                knownSpans[start] = span
                ownNames.formUnion(start..<(start + span.length))
            }
        }
        var protected = [Bool](repeating: false, count: tokens.count)
        for (start, span) in knownSpans { for k in start..<(start + span.length) { protected[k] = true } }
        let time = timeReader.read(tokens, protected: protected, reference: reference)
        // "with my wife", "split": the people and the sharing are no food, and a shared food is divided.
        let company = companyReader.read(tokens, protected: zip(protected, time.consumed).map { $0 || $1 }, timed: time.consumed)
        var scanner = ItemScanner(parser: self, tokens: tokens, normalized: normalized, knownSpans: knownSpans,
                                  consumed: zip(time.consumed, company.consumed).map { $0 || $1 }, ownNames: ownNames)
        scanner.shared = company.shared.map { ($0, company.share ?? 1) }
        scanner.ordered = company.ordered
        let items = scanner.scan()
        let offset = time.dayOffset ?? time.mealDayOffset
        // A time in the text ("at 7pm") names the meal as surely as the word would.
        let statedMeal = time.meal ?? time.clock.map { MealSlot.fromClock(hour: $0.hour, minute: $0.minute) }
        let meal = statedMeal ?? MealSlot.fromClock(hour: reference.hour, minute: reference.minute)
        var text = MealText(items: items, meal: meal, mealFromClock: statedMeal == nil,
                            date: reference.isoDate(addingDays: offset ?? 0), dayOffset: offset)
        text.sharingTold = company.told && company.share != nil
        text.sharingNamed = company.named && company.share != nil
        return text
    }

    /// Start → length and name of each known food, longest first, left to right.
    private func knownFoodSpans(_ folded: [String], _ knownFoods: KnownFoods,
                                tokens: [Token]) -> [Int: (length: Int, name: String)] {
        var spans: [Int: (length: Int, name: String)] = [:]
        guard !knownFoods.isEmpty else { return spans }
        var i = 0
        while i < folded.count {
            if let match = knownFoods.match(folded, at: i), !isUnitBeforeOf(tokens, at: i, length: match.length) {
                spans[i] = match
                i += match.length
            } else {
                i += 1
            }
        }
        return spans
    }

    /// Whether the known name at `i` is also a container or portion word followed by "of": "a juice box of apple
    /// juice" is a box of the juice, though "a juice box" alone is a food.
    private func isUnitBeforeOf(_ tokens: [Token], at i: Int, length: Int) -> Bool {
        guard let (unit, unitLength) = grammar.unitWord(tokens, at: i), unitLength == length, unit.kind != .size,
              i + length < tokens.count else { return false }
        return lexicon.grammarWords.contains(tokens[i + length].text, "of")
    }
}
