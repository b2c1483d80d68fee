import Foundation

/// Finds measures in folded tokens: a number and a unit of any dimension, and the compounds people say
/// ("5 ft 10", "5'10\"", "12 st 4 lb", "1 hour 30", "an hour and a half", "10k steps").
struct MeasureScanner {
    let tokens: [Token]
    let lexicon: LanguageLexicon

    /// Every measure, left to right, each spanning its whole compound.
    func scan() -> [MeasureText.Measure] {
        var measures: [MeasureText.Measure] = []
        var i = 0
        while i < tokens.count {
            guard tokens[i].isNumber, let (first, length) = unit(at: i + 1) else {
                i += 1
                continue
            }
            var unit = first
            var end = i + 1 + length
            var value = tokens[i].value
            // "10k steps": a unit word that is also a scale (`unit-scale` in numbers.tsv) before another unit of its
            // dimension multiplies the number: "k" is a thousand there, not a kilometer.
            if let scale = lexicon.unitScales[tokens[i + 1].text], let (next, more) = self.unit(at: end, afterNumber: false),
               next.kind == first.kind {
                value *= scale
                unit = next
                end += more
            }
            var amount = value * (unit.factor ?? 0)
            var smallest = unit
            while end < tokens.count {
                let k = lexicon.grammarWords.contains(tokens[end].text, "number-and") ? end + 1 : end
                guard k < tokens.count, tokens[k].isNumber else { break }
                let part = tokens[k].value
                if let (sub, more) = self.unit(at: k + 1) {
                    guard sub.kind == unit.kind, let factor = sub.factor, factor < (smallest.factor ?? 0) else { break }
                    amount += part * factor
                    smallest = sub
                    end = k + 1 + more
                } else if let sub = impliedPart(after: smallest, value: part, afterAnd: k > end), let factor = sub.factor {
                    amount += part * factor
                    smallest = sub
                    end = k + 1
                } else {
                    break
                }
            }
            measures.append(MeasureText.Measure(amount: amount, unit: unit, range: i..<end, drinkMilliliters: drinkVolume(amount, unit)))
            i = end
        }
        return measures
    }

    /// The milliliters `amount` of `unit` means for a drink.
    private func drinkVolume(_ amount: Double, _ unit: UnitDefinition) -> Double? {
        if unit.kind == .volume || unit.kind == .container { return amount }
        guard let name = unit.drinkUnit, let drink = lexicon.unitDefinition(for: name), let own = unit.factor,
              let factor = drink.factor else { return nil }
        return amount / own * factor
    }

    /// The unit with a size starting at `i` (pieces and sizes are not measures), plurals found through the rules;
    /// a common word ("in") is a unit only right after a number.
    private func unit(at i: Int, afterNumber: Bool = true) -> (UnitDefinition, Int)? {
        guard i < tokens.count, tokens[i].kind != .number,
              afterNumber || !lexicon.afterNumberUnits.contains(tokens[i].text) else { return nil }
        var found = lexicon.measureUnits.match(tokens, at: i)
        if found == nil, tokens[i].isWord {
            let one = lexicon.singular(tokens[i].text)
            if one != tokens[i].text {
                found = lexicon.measureUnits.match([Token(kind: .word, text: one, raw: one, start: 0, end: 0, spaceBefore: true)], at: 0)
            }
        }
        guard let (definition, length) = found, definition.factor != nil else { return nil }
        return (definition, length)
    }

    /// The unit a bare number after `unit` means (`part` in `units.tsv`: inches after feet, pounds after stones,
    /// minutes after hours) below one `unit`; or, after "and", a fraction of the unit itself ("an hour and a half").
    private func impliedPart(after unit: UnitDefinition, value: Double, afterAnd: Bool) -> UnitDefinition? {
        if afterAnd {
            return value > 0 && value < 1 ? unit : nil
        }
        guard let name = unit.part, let part = lexicon.unitDefinition(for: name), let whole = unit.factor,
              let size = part.factor, value >= 0, value < (whole / size).rounded() else { return nil }
        return part
    }
}
