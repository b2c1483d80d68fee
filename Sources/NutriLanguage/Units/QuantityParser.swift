import Foundation

/// Reads amounts ("2 cups", "1 (15 ounce) can", "half a dozen", "2-3 tbsp") from text.
public struct QuantityParser: Sendable {
    let lexicon: LanguageLexicon
    let grammar: AmountGrammar

    /// Creates a parser using the lexicon's numbers, units and modifiers.
    public init(lexicon: LanguageLexicon) {
        self.lexicon = lexicon
        self.grammar = AmountGrammar(lexicon: lexicon)
    }

    /// The amount at the start of `text` and the text after it, as written ("2 cups of oatmeal" → 2 cup, "oatmeal").
    ///
    /// Nil when the text does not start with an amount ("vitamin b12", "2% milk", "7up").
    public func leadingAmount(in text: String) -> (amount: Amount, rest: String)? {
        let normalized = TextNormalizer.normalizeKeepingMap(text)
        let tokens = Tokenizer.tokenize(normalized, attachableUnits: lexicon.attachableUnits)
        guard let match = grammar.parse(tokens, at: 0), !match.amount.isEmpty else { return nil }
        var amount = match.amount
        if let package = grammar.trailingPackage(tokens, from: match.end, for: amount) { amount.package = package }
        let rest = match.end < tokens.count
            ? normalized.originalText(tokens[match.end].start..<(tokens.last?.end ?? tokens[match.end].end)) : ""
        return (amount, rest)
    }

    /// Every amount in `text`, in order ("1 c (130 grams) flour" → 1 cup with its restatement skipped).
    ///
    /// A bare "a"/"an" counts only when a unit follows ("a cup"), so ordinary articles are not amounts.
    public func amounts(in text: String) -> [Amount] {
        let tokens = Tokenizer.tokenize(TextNormalizer.normalizeKeepingMap(text), attachableUnits: lexicon.attachableUnits)
        return amountMatches(in: tokens).map(\.amount)
    }

    func amountMatches(in tokens: [Token]) -> [AmountMatch] {
        var result: [AmountMatch] = []
        var i = 0
        while i < tokens.count {
            if startsAmount(tokens[i]), let match = grammar.parse(tokens, at: i), match.end > i,
               !match.amount.isEmpty, !(match.amount.isImplicit && !match.hasUnit) {
                result.append(match)
                i = match.end
            } else {
                i += 1
            }
        }
        return result
    }

    private func startsAmount(_ token: Token) -> Bool {
        if token.isNumber { return true }
        if let (position, _) = lexicon.modifiers.match([token], at: 0), position == .approximate { return true }
        return lexicon.numbers[token.text] != nil || lexicon.exactCaseUnits[token.raw] != nil
            || lexicon.units.byFirstWord[token.text] != nil
    }
}
