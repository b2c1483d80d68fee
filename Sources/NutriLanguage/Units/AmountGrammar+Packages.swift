import Foundation

/// Lengths, packages and restated measures: "2-inch", "(15 ounce)", "150g/5oz", "(3 ounces each)".
extension AmountGrammar {
    // MARK: - Dimensions

    /// "2-inch", "6 inch", "1/2-inch-thick", "2.5 cm" → ("2-inch", end).
    func dimension(_ t: [Token], at i: Int) -> (text: String, end: Int)? {
        guard i < t.count, t[i].isNumber, let number = numbers.parse(t, at: i), number.isNumeric else { return nil }
        var j = number.end
        if j < t.count, t[j].text == "-" { j += 1 }
        guard let (position, length) = lexicon.modifier(t, at: j), position == .dimension else { return nil }
        var words = ""
        for k in i..<number.end { words += (k > i && t[k].spaceBefore ? " " : "") + t[k].raw }
        return ("\(words)-\(t[j].text)", j + length)
    }

    /// "(8-inch)", "(1½-inch-thick)".
    func parenthesizedDimension(_ t: [Token], at i: Int) -> (text: String, end: Int)? {
        guard i + 2 < t.count, t[i].text == "(", let inner = dimension(t, at: i + 1),
              inner.end < t.count, t[inner.end].text == ")" else { return nil }
        return (inner.text, inner.end + 1)
    }

    // MARK: - Packages and dual measures

    /// "(15 ounce)", "(15-oz.)", "(about 6 oz / 170 g)", "(3 ounces each)" → the first measure and the index
    /// after ")"; `each` tells whether the measure is per piece.
    func parenthesizedMeasure(_ t: [Token], at i: Int) -> (Measure, Int)? {
        guard let (measure, end, _) = parenthesizedMeasureEach(t, at: i) else { return nil }
        return (measure, end)
    }

    func parenthesizedMeasureEach(_ t: [Token], at i: Int) -> (Measure, Int, Bool)? {
        guard i < t.count, t[i].text == "(" else { return nil }
        var j = i + 1
        while let (position, length) = lexicon.modifier(t, at: j), position == .approximate { j += length }
        guard let number = numbers.parse(t, at: j), number.isNumeric, let value = number.value,
              let unit = sizedUnit(t, at: number.end, allowHyphen: true), unit.definition.isMeasure else { return nil }
        // The parenthesis must hold only measures: "(15 ounce)", "(6 oz / 170 g)", "(3 ounces each)".
        var k = unit.end
        var each = false
        while k < t.count, k < unit.end + 8, t[k].text != ")" { k += 1 }
        guard k < t.count, t[k].text == ")" else { return nil }
        for m in unit.end..<k where t[m].isWord {
            if lexicon.grammarWords.contains(t[m].text, "per-item") { each = true; continue }
            if lexicon.grammarWords.contains(t[m].text, "amount-total") || unitWord(t, at: m) != nil { continue }
            return nil
        }
        return (Measure(quantity: value, unit: unit.definition.canonical), k + 1, each)
    }

    /// "2 peaches (about 1½ cups)", "2 eggs (100 g)", "4 sausages (3 ounces each)": a measure in parentheses
    /// later in the same phrase (before a comma) gives the content of one piece: the total divided by the
    /// count, unless it says "each".
    func trailingPackage(_ t: [Token], from i: Int, for amount: Amount) -> Measure? {
        guard amount.package == nil, amount.unit.flatMap({ lexicon.unitDefinition(for: $0) })?.isMeasure != true else { return nil }
        var j = i
        while j < t.count, j < i + 12 {
            let text = t[j].text
            if [",", ";", ".", ":"].contains(text) || lexicon.connectors.match(t, at: j) != nil { return nil }
            if text == "(" {
                guard let (measure, _, each) = parenthesizedMeasureEach(t, at: j) else { return nil }
                let count = amount.quantity ?? 1
                guard count > 0 else { return nil }
                return each || count == 1 ? measure : Measure(quantity: measure.quantity / count, unit: measure.unit)
            }
            j += 1
        }
        return nil
    }

    /// "150g/5oz", "2 tbsp / 30 ml", "200 g (7oz)": the second measure restates the first; skip it.
    func skipDualMeasure(_ t: [Token], at i: Int) -> Int {
        guard i < t.count else { return i }
        if t[i].text == "/", let number = numbers.parse(t, at: i + 1), number.isNumeric,
           let unit = sizedUnit(t, at: number.end, allowHyphen: true), unit.definition.isMeasure {
            return unit.end
        }
        if t[i].text == "(", let (_, after) = parenthesizedMeasure(t, at: i) { return after }
        return i
    }

    func skipOf(_ t: [Token], _ i: Int) -> Int {
        i < t.count && t[i].text == "of" ? i + 1 : i
    }
}
