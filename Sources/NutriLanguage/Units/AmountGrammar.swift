import Foundation

/// An amount read from tokens, with where it ended.
struct AmountMatch: Sendable, Equatable {
    var amount: Amount
    /// The first token of the amount (after approximators such as "about").
    var start: Int
    /// The token index just past the amount (and a following "of").
    var end: Int
    /// Whether a unit or size word was read.
    var hasUnit: Bool { amount.unit != nil || amount.size != nil }
}

/// Rules for amounts: `<number> <size>? <unit>`, packages, dual measures and bare units.
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
    func parse(_ tokens: [Token], at i: Int) -> AmountMatch? {
        var j = i
        while let (position, length) = lexicon.modifiers.match(tokens, at: j), position == .approximate { j += length }
        if let number = numbers.parse(tokens, at: j) {
            return afterNumber(tokens, number: number, start: j)
        }
        return bareUnit(tokens, at: j)
    }

    // MARK: - "<number> …"

    private func afterNumber(_ t: [Token], number: NumberMatch, start: Int) -> AmountMatch {
        var amount = Amount(quantity: number.value, range: number.range, isImplicit: number.isImplicit)
        var j = number.end
        // "1 (15 ounce) can", "2 (8-oz.) packages"
        if let (package, after) = parenthesizedMeasure(t, at: j) {
            let unit = sizedUnit(t, at: after)
            amount.package = package
            if let unit, !unit.definition.isMeasure {
                amount.unit = unit.definition.canonical; amount.size = unit.size
                return AmountMatch(amount: amount, start: start, end: skipOf(t, unit.end))
            }
            return AmountMatch(amount: amount, start: start, end: after)
        }
        // "2 15-oz cans", "a 20 fl oz bottle of soda", "One 4-5 pound chicken", "an 8-oz steak"
        if number.value.map({ $0 == $0.rounded() }) ?? false, number.range == nil,
           let inner = numbers.parse(t, at: j), inner.isNumeric, let value = inner.value,
           let unit = sizedUnit(t, at: inner.end, allowHyphen: true), unit.definition.isMeasure, unit.size == nil {
            amount.package = Measure(quantity: value, unit: unit.definition.canonical)
            if let container = sizedUnit(t, at: unit.end), !container.definition.isMeasure {
                amount.unit = container.definition.canonical; amount.size = container.size
                return AmountMatch(amount: amount, start: start, end: skipOf(t, container.end))
            }
            if number.isImplicit || !number.isNumeric {
                return AmountMatch(amount: amount, start: start, end: skipOf(t, unit.end))
            }
            // "2 8 oz steaks": still a count of packages.
            return AmountMatch(amount: amount, start: start, end: skipOf(t, unit.end))
        }
        // "<number> <modifier>* <size>? <unit>"
        if let unit = sizedUnit(t, at: j, allowHyphen: true) {
            amount.unit = unit.definition.kind == .size ? nil : unit.definition.canonical
            amount.size = unit.size ?? (unit.definition.kind == .size ? unit.definition.canonical : nil)
            j = unit.end
            if amount.unit != nil { j = skipDualMeasure(t, at: j) }
            return AmountMatch(amount: amount, start: start, end: skipOf(t, j))
        }
        return AmountMatch(amount: amount, start: start, end: j)
    }

    // MARK: - "<size>? <unit> of …" without a number

    /// "handful of almonds", "large bunch of grapes", "cup of coffee": one unit, flagged implicit.
    ///
    /// Without a size or modifier the unit must be followed by "of", so "cup noodles" and "bar" in
    /// "bar of chocolate" versus "bars" alone stay food.
    private func bareUnit(_ t: [Token], at i: Int) -> AmountMatch? {
        guard i < t.count, let unit = sizedUnit(t, at: i), unit.definition.kind != .size else { return nil }
        let qualified = unit.size != nil || unit.modified
        let followedByOf = unit.end < t.count && t[unit.end].text == "of"
        guard qualified || followedByOf else { return nil }
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
                if unit.kind == .size {
                    let size = unit.canonical
                    j += length
                    // "large" + unit, or a size alone
                    if let (next, nextLength) = unitAfterModifiers(t, at: j), next.kind != .size {
                        return UnitMatch(definition: next, size: size, modified: modified, end: nextLength)
                    }
                    return UnitMatch(definition: unit, size: nil, modified: modified, end: j)
                }
                return UnitMatch(definition: unit, size: nil, modified: modified, end: j + length)
            }
            if let (position, length) = lexicon.modifiers.match(t, at: j), position == .unit {
                j += length; modified = true; continue
            }
            // "a delightful glass of water": narrative adjectives may stand between the number and the unit.
            if let (action, length) = lexicon.filler.match(t, at: j), action == .drop, length == 1 {
                j += length; continue
            }
            break
        }
        return nil
    }

    private func unitAfterModifiers(_ t: [Token], at i: Int) -> (UnitDefinition, Int)? {
        var j = i
        while let (position, length) = lexicon.modifiers.match(t, at: j), position == .unit { j += length }
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
        if next < t.count, t[next].text == ".", t[i + length - 1].text.count <= 5, t[i + length - 1].text != unit.canonical,
           next + 1 >= t.count || t[next + 1].spaceBefore {
            // "tbsp. olive oil": the period ends the abbreviation, not the sentence, when a lowercase word or a
            // number follows.
            if next + 1 >= t.count || t[next + 1].raw.first.map({ $0.isLowercase || $0.isNumber }) ?? false {
                length += 1
            }
        }
        // "cup(s)"
        if next + 2 < t.count, t[next].text == "(", t[next + 1].text == "s", t[next + 2].text == ")" { length += 3 }
        return (unit, length)
    }

    // MARK: - Packages and dual measures

    /// "(15 ounce)", "(15-oz.)", "(about 6 oz / 170 g)" → the first measure, and the index after ")".
    private func parenthesizedMeasure(_ t: [Token], at i: Int) -> (Measure, Int)? {
        guard i < t.count, t[i].text == "(" else { return nil }
        var j = i + 1
        while let (position, length) = lexicon.modifiers.match(t, at: j), position == .approximate { j += length }
        guard let number = numbers.parse(t, at: j), number.isNumeric, let value = number.value,
              let unit = sizedUnit(t, at: number.end, allowHyphen: true), unit.definition.isMeasure else { return nil }
        // The parenthesis must hold only measures: "(15 ounce)", "(6 oz / 170 g)".
        var k = unit.end
        while k < t.count, k < unit.end + 8, t[k].text != ")" { k += 1 }
        guard k < t.count, t[k].text == ")" else { return nil }
        for m in unit.end..<k where t[m].isWord && unitWord(t, at: m) == nil { return nil }
        return (Measure(quantity: value, unit: unit.definition.canonical), k + 1)
    }

    /// "150g/5oz", "2 tbsp / 30 ml", "200 g (7oz)": the second measure restates the first; skip it.
    private func skipDualMeasure(_ t: [Token], at i: Int) -> Int {
        guard i < t.count else { return i }
        if t[i].text == "/", let number = numbers.parse(t, at: i + 1), number.isNumeric,
           let unit = sizedUnit(t, at: number.end, allowHyphen: true), unit.definition.isMeasure {
            return unit.end
        }
        if t[i].text == "(", let (_, after) = parenthesizedMeasure(t, at: i) { return after }
        return i
    }

    private func skipOf(_ t: [Token], _ i: Int) -> Int {
        i < t.count && t[i].text == "of" ? i + 1 : i
    }
}
