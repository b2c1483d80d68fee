import Foundation

/// An amount read from tokens, with where it ended.
struct AmountMatch: Sendable, Equatable {
    var amount: Amount
    /// The first token of the amount (after approximators such as "about").
    var start: Int
    /// The token index just past the amount (and a following "of"). A unit written after the food
    /// ("2 garlic cloves") is not inside this span: the food words keep it.
    var end: Int
    /// Whether a unit or size word was read.
    var hasUnit: Bool { amount.unit != nil || amount.size != nil }
}

/// Rules for amounts: `<number> <size>? <unit>`, packages, dual measures, dimensions and bare units.
///
/// Rule names in comments sketch the pattern they read, Duckling style.
struct AmountGrammar: Sendable {
    let lexicon: LanguageLexicon
    let numbers: NumberGrammar

    init(lexicon: LanguageLexicon) {
        self.lexicon = lexicon
        self.numbers = NumberGrammar(lexicon: lexicon)
    }

    /// The amount starting at `i`, or nil when there is none.
    func parse(_ t: [Token], at i: Int) -> AmountMatch? {
        var j = i
        while let (position, length) = lexicon.modifier(t, at: j), position == .approximate { j += length }
        if let dimension = dimension(t, at: j), !(dimension.end < t.count && t[dimension.end].isNumber) {
            // "2-inch piece of ginger", "a 2-inch piece": the number is a length; one piece is meant.
            var amount = Amount(quantity: 1, size: dimension.text, isImplicit: true)
            if let unit = sizedUnit(t, at: dimension.end), unit.definition.kind != .size {
                amount.unit = unit.definition.canonical
                return AmountMatch(amount: amount, start: j, end: skipOf(t, unit.end))
            }
            return AmountMatch(amount: amount, start: j, end: dimension.end)
        }
        if let number = numbers.parse(t, at: j, signs: true) {
            return afterNumber(t, number: number, start: j)
        }
        return bareUnit(t, at: j)
    }

    // MARK: - "<number> …"

    private func afterNumber(_ t: [Token], number: NumberMatch, start: Int) -> AmountMatch {
        var amount = Amount(quantity: number.value, range: number.range, isImplicit: number.isImplicit)
        var j = number.end
        // "a 2-inch piece", "12 6-inch tortillas", "1 (8-inch) strip"
        if let dimension = dimension(t, at: j) ?? parenthesizedDimension(t, at: j) {
            amount.size = dimension.text
            j = dimension.end
        }
        // "1 (15 ounce) can", "2 (8-oz.) packages"
        if let (package, after) = parenthesizedMeasure(t, at: j) {
            amount.package = package
            if let unit = sizedUnit(t, at: after), !unit.definition.isMeasure, unit.definition.kind != .size {
                amount.unit = unit.definition.canonical
                amount.size = unit.size ?? amount.size
                return AmountMatch(amount: amount, start: start, end: skipOf(t, unit.end))
            }
            return AmountMatch(amount: amount, start: start, end: after)
        }
        if let match = countOfPackages(t, number: number, amount: amount, at: j, start: start) { return match }
        // "<number> <modifier>* <size>? <unit>"
        if let unit = sizedUnit(t, at: j, allowHyphen: true) {
            if unit.definition.kind == .size {
                amount.size = unit.definition.canonical
            } else {
                amount.unit = unit.definition.canonical
                amount.size = unit.size ?? amount.size
            }
            j = unit.end
            if amount.unit != nil {
                j = unitRange(t, at: j, amount: &amount)
                j = skipDualMeasure(t, at: j)
                if unit.definition.isMeasure { j = weighedContainerEnd(t, at: j) }
            } else if let trailing = trailingPortion(t, at: j) {
                amount.unit = trailing
            }
            return AmountMatch(amount: amount, start: start, end: skipOf(t, j))
        }
        if let trailing = trailingPortion(t, at: j) { amount.unit = trailing }
        return AmountMatch(amount: amount, start: start, end: j)
    }

    /// "2 15-oz cans", "a 20 fl oz bottle of soda", "One 4-5 pound chicken", "an 8-oz steak": a count of
    /// things that each hold a measure.
    private func countOfPackages(_ t: [Token], number: NumberMatch, amount: Amount, at j: Int, start: Int) -> AmountMatch? {
        guard number.value.map({ $0 == $0.rounded() }) ?? false, number.range == nil,
              let inner = numbers.parse(t, at: j), inner.isNumeric, let value = inner.value,
              let unit = sizedUnit(t, at: inner.end, allowHyphen: true), unit.definition.isMeasure, unit.size == nil
        else { return nil }
        var amount = amount
        amount.package = Measure(quantity: value, unit: unit.definition.canonical)
        // The thing holding the measure may itself be a measure word: "a 12 oz cup of coffee".
        if let container = sizedUnit(t, at: unit.end), container.definition.kind != .size,
           container.definition.canonical != unit.definition.canonical {
            amount.unit = container.definition.canonical
            amount.size = container.size ?? amount.size
            return AmountMatch(amount: amount, start: start, end: skipOf(t, container.end))
        }
        return AmountMatch(amount: amount, start: start, end: skipOf(t, unit.end))
    }

    /// "250g serving of pasta", "300 g bowl of soup", "8 oz plate of rice": a measure with no article before a
    /// portion or container word and "of". The measure is the amount; the word names no food, so it is passed
    /// over with its "of" (`j` itself when none follows). A container with a volume of its own ("16.9 fl oz
    /// bottle", "12 oz can") is a package holding the measure, read as one.
    private func weighedContainerEnd(_ t: [Token], at j: Int) -> Int {
        guard let container = sizedUnit(t, at: j), !container.definition.isMeasure, container.definition.kind != .size,
              container.definition.kind == .portion || container.definition.factor == nil,
              container.end < t.count, t[container.end].text == "of" else { return j }
        return container.end
    }

    /// "½ c to 1 cup", "5 oz to 7 ounces": a range written with the unit on both sides.
    private func unitRange(_ t: [Token], at j: Int, amount: inout Amount) -> Int {
        guard amount.range == nil, let low = amount.quantity, j + 1 < t.count,
              ["to", "-", "or"].contains(t[j].text), let high = numbers.parse(t, at: j + 1), high.isNumeric,
              let highValue = high.value, highValue > low,
              let unit = sizedUnit(t, at: high.end, allowHyphen: true), unit.definition.canonical == amount.unit else { return j }
        amount.quantity = (low + highValue) / 2
        amount.range = low...highValue
        return unit.end
    }

    /// "2 garlic cloves", "3 bacon slices", "4 pickle spears": a portion word written after one or two food
    /// words and ending the phrase. The food keeps its words ("garlic clove"); the amount gets the unit.
    private func trailingPortion(_ t: [Token], at j: Int) -> String? {
        var p = j
        while p < t.count, p <= j + 2 {
            guard t[p].isWord, lexicon.connectors.match(t, at: p) == nil, lexicon.filler.match(t, at: p) == nil else { return nil }
            if p > j, let (unit, length) = unitWord(t, at: p), unit.kind == .portion {
                let after = p + length
                if after >= t.count || !t[after].isWord || t[after].text == "of" || lexicon.connectors.match(t, at: after) != nil {
                    return unit.canonical
                }
                return nil
            }
            if unitWord(t, at: p) != nil { return nil }
            p += 1
        }
        return nil
    }

    // MARK: - "<size>? <unit> of …" without a number

    /// "handful of almonds", "large bunch of grapes", "cup of coffee", "pinch salt": one unit, flagged implicit.
    ///
    /// Without a size or modifier the unit must be followed by "of" (or be one that is always an amount,
    /// `alone` in units.tsv), so "cup noodles" and "bar" alone stay food.
    private func bareUnit(_ t: [Token], at i: Int) -> AmountMatch? {
        guard i < t.count, let unit = sizedUnit(t, at: i) else { return nil }
        if unit.definition.kind == .size {
            // "medium fries", "large coffee": a size before a food word is one of them.
            guard unit.end < t.count, t[unit.end].isWord, unitWord(t, at: unit.end) == nil else { return nil }
            return AmountMatch(amount: Amount(quantity: 1, size: unit.definition.canonical, isImplicit: true), start: i, end: unit.end)
        }
        let qualified = unit.size != nil || unit.modified
        let followedByOf = unit.end < t.count && t[unit.end].text == "of"
        let alone = lexicon.standaloneUnits.contains(unit.definition.canonical) && t[i].text.count >= 3
            && unit.end < t.count && t[unit.end].isWord
        guard qualified || followedByOf || alone else { return nil }
        let amount = Amount(quantity: 1, unit: unit.definition.canonical, size: unit.size, isImplicit: true)
        return AmountMatch(amount: amount, start: i, end: skipOf(t, unit.end))
    }

    // MARK: - Units

    struct UnitMatch {
        var definition: UnitDefinition
        var size: String?
        var modified: Bool
        var end: Int
    }

    /// `<modifier>* <size>? <modifier>* <unit>` or a size alone ("2 large", "a large").
    ///
    /// Ordering trap: sizes are tried before modifiers because "extra large" is a size and "extra" a
    /// modifier; a modifier counts only when a unit follows ("a big bowl" vs "a big apple").
    func sizedUnit(_ t: [Token], at i: Int, allowHyphen: Bool = false) -> UnitMatch? {
        var j = i
        if allowHyphen, j + 1 < t.count, t[j].text == "-", !t[j].spaceBefore { j += 1 }
        var modified = false
        for _ in 0..<4 {
            if let (unit, length) = unitWord(t, at: j) {
                guard unit.kind == .size else { return UnitMatch(definition: unit, size: nil, modified: modified, end: j + length) }
                j += length
                // "large" + unit, or a size alone
                if let (next, end) = unitAfterModifiers(t, at: j), next.kind != .size {
                    return UnitMatch(definition: next, size: unit.canonical, modified: modified, end: end)
                }
                return UnitMatch(definition: unit, size: nil, modified: modified, end: j)
            }
            if let (position, length) = lexicon.modifier(t, at: j), position == .unit {
                j += length; modified = true; continue
            }
            // "a delightful glass of water", "8 unpeeled cloves garlic": adjectives may stand between the
            // number and the unit.
            if let (action, length) = lexicon.filler.match(t, at: j), action == .drop, length == 1 { j += length; continue }
            if let (_, length) = lexicon.descriptors.match(t, at: j), length == 1, unitAfterModifiers(t, at: j + 1) != nil {
                j += length; continue
            }
            // "a soothing medium cup of tea": any one word before a size, the unit it sizes and "of" describes the amount.
            if j == i, isAdjectiveBeforeSizedUnit(t, at: j) { j += 1; continue }
            break
        }
        return nil
    }

    /// Whether the word at `i` is followed by `<size> <unit> of` ("soothing" in "a soothing large mug of cocoa").
    private func isAdjectiveBeforeSizedUnit(_ t: [Token], at i: Int) -> Bool {
        guard i < t.count, t[i].isWord, unitWord(t, at: i) == nil, lexicon.connectors.match(t, at: i) == nil,
              let (size, length) = unitWord(t, at: i + 1), size.kind == .size,
              let (unit, end) = unitAfterModifiers(t, at: i + 1 + length), unit.kind != .size else { return false }
        return end < t.count && t[end].text == "of"
    }

    private func unitAfterModifiers(_ t: [Token], at i: Int) -> (UnitDefinition, Int)? {
        var j = i
        while let (position, length) = lexicon.modifier(t, at: j), position == .unit { j += length }
        guard let (unit, length) = unitWord(t, at: j) else { return nil }
        return (unit, j + length)
    }

    /// One unit word or phrase at `i`: exact-case forms first ("T", "t"), then the longest case-folded phrase
    /// ("fl oz" before "oz"), then a plural the table lacks ("fillets" → "fillet"). A trailing "." of an
    /// abbreviation ("tbsp.") is taken with it.
    func unitWord(_ t: [Token], at i: Int) -> (UnitDefinition, Int)? {
        guard i < t.count, t[i].isWord else { return nil }
        var found: (UnitDefinition, Int)?
        if let exact = lexicon.exactCaseUnits[t[i].raw] { found = (exact, 1) }
        else if let (unit, length) = lexicon.units.match(t, at: i) { found = (unit, length) }
        else if t[i].text.hasSuffix("s"), t[i].text.count > 3 {
            let one = lexicon.singular(t[i].text)
            if one != t[i].text, let unit = lexicon.units.byFirstWord[one]?.first(where: { $0.words.count == 1 })?.value {
                found = (unit, 1)
            }
        }
        guard let (unit, foundLength) = found else { return nil }
        var length = foundLength
        // "fl. oz."
        if unit.canonical == "fluid ounce", length == 1, i + 2 < t.count, t[i + 1].text == ".", t[i + 2].text == "oz" { length = 3 }
        let next = i + length
        if next < t.count, t[next].text == ".", t[i + length - 1].text.count <= 5, t[i + length - 1].text != unit.canonical {
            // "tbsp. olive oil": the period ends the abbreviation, not the sentence, when a lowercase word, a
            // number or nothing follows.
            if next + 1 >= t.count || t[next + 1].raw.first.map({ $0.isLowercase || $0.isNumber }) ?? false {
                length += 1
            }
        }
        // "cup(s)"
        if next + 2 < t.count, t[next].text == "(", t[next + 1].text == "s", t[next + 2].text == ")" { length += 3 }
        return (unit, length)
    }
}
