import Foundation

extension TrackingPhrase {
    /// Word numbers become number tokens: "twenty five" → 25, "two hundred" → 200, "one and a half" → 1.5,
    /// "half a kilo" → 0.5 kilo, "a couple of hours" → 2 hours, "three quarters of an hour" → 0.75 hour.
    /// "a"/"an" is 1 only before a unit ("an hour", "a liter"), so "a day" and "a week" stay words.
    static func foldNumbers(_ tokens: [Token], units: TrackingUnits) -> [Token] {
        let words = tokens.map(\.text)
        func startsUnit(_ k: Int) -> Bool { units.units.match(words, at: k) != nil }
        func kind(_ k: Int) -> TrackingNumberWord.Kind? { k < words.count ? units.numbers[words[k]]?.kind : nil }
        /// The index of the unit after "of", "a", "an" ("half of a cup"), or `k` when no unit follows them.
        func unitAfterFiller(_ k: Int) -> Int {
            var j = k
            if j < words.count, words[j] == "of" { j += 1 }
            if j < words.count, words[j] == "a" || words[j] == "an" { j += 1 }
            return startsUnit(j) ? j : k
        }
        var out: [Token] = []
        var i = 0
        while i < tokens.count {
            let word = words[i]
            if word == "and", let last = out.last?.number, i + 2 < words.count, ["a", "an", "one"].contains(words[i + 1]),
               let fraction = units.numbers[words[i + 2]], fraction.kind == .fraction {
                out[out.count - 1].number = last + fraction.value
                i = unitAfterFiller(i + 3)
                continue
            }
            guard tokens[i].number == nil, let entry = units.numbers[word] else {
                out.append(tokens[i])
                i += 1
                continue
            }
            switch entry.kind {
            case .article:
                if kind(i + 1) == .fraction || kind(i + 1) == .collective {
                    i += 1
                } else if startsUnit(i + 1) {
                    out.append(Token(text: word, number: 1))
                    i += 1
                } else {
                    out.append(tokens[i])
                    i += 1
                }
            case .fraction:
                var value = entry.value
                if let last = out.last, let count = last.number, count >= 1, count <= 10, count == count.rounded(),
                   i > 0, tokens[i - 1].number != nil || units.numbers[words[i - 1]] != nil {
                    value *= count
                    out.removeLast()
                }
                out.append(Token(text: word, number: value))
                i = unitAfterFiller(i + 1)
            case .collective:
                out.append(Token(text: word, number: entry.value))
                i += 1
                if i < words.count, words[i] == "of" { i += 1 }
            case .cardinal, .tens, .scale:
                var total = 0.0
                var current = 0.0
                var j = i
                var written: [String] = []
                while j < words.count, tokens[j].number == nil, let part = units.numbers[words[j]] {
                    if part.kind == .cardinal || part.kind == .tens {
                        current += part.value
                    } else if part.kind == .scale {
                        current = max(current, 1) * part.value
                        if part.value >= 1000 { total += current; current = 0 }
                    } else {
                        break
                    }
                    written.append(words[j])
                    j += 1
                    if j + 1 < words.count, words[j] == "and", let after = units.numbers[words[j + 1]],
                       after.kind == .cardinal || after.kind == .tens, written.last.flatMap({ units.numbers[$0] })?.kind == .scale {
                        j += 1
                    }
                }
                out.append(Token(text: written.joined(separator: " "), number: total + current))
                i = j
            }
        }
        return out
    }
}

/// Finds measures in folded tokens: a number and a unit, and the compounds people say ("5 ft 10", "5'10\"",
/// "12 st 4 lb", "1 hour 30", "an hour and a half", "10k steps").
struct MeasureScanner {
    let tokens: [TrackingPhrase.Token]
    let words: [String]
    let units: TrackingUnits

    init(tokens: [TrackingPhrase.Token], units: TrackingUnits) {
        self.tokens = tokens
        self.words = tokens.map(\.text)
        self.units = units
    }

    /// Every measure, left to right, each spanning its whole compound.
    func scan() -> [TrackingPhrase.Measure] {
        var measures: [TrackingPhrase.Measure] = []
        var i = 0
        while i < tokens.count {
            guard let number = tokens[i].number, let (first, length) = units.units.match(words, at: i + 1) else {
                i += 1
                continue
            }
            var unit = first
            var end = i + 1 + length
            var value = number
            if words[i + 1] == "k", let (next, more) = units.units.match(words, at: end), next.dimension == .length {
                value *= 1000
                unit = next
                end += more
            }
            var base = value * unit.factor
            var smallest = unit
            while end < tokens.count {
                let k = words[end] == "and" ? end + 1 : end
                guard k < tokens.count, let part = tokens[k].number else { break }
                if let (sub, more) = units.units.match(words, at: k + 1) {
                    guard sub.dimension == unit.dimension, sub.factor < smallest.factor else { break }
                    base += part * sub.factor
                    smallest = sub
                    end = k + 1 + more
                } else if let sub = impliedPart(after: smallest, value: part, afterAnd: k > end) {
                    base += part * sub.factor
                    smallest = sub
                    end = k + 1
                } else {
                    break
                }
            }
            measures.append(TrackingPhrase.Measure(base: base, unit: unit, range: i..<end))
            i = end
        }
        return measures
    }

    /// The unit a bare number after `unit` means: inches after feet, pounds after stones, minutes after hours,
    /// or a fraction of the unit itself after "and" ("an hour and a half" arrives as "1 hour and 0.5").
    private func impliedPart(after unit: TrackingUnit, value: Double, afterAnd: Bool) -> TrackingUnit? {
        if afterAnd {
            return value > 0 && value < 1 ? unit : nil
        }
        let implied: [String: (String, Double)] = ["foot": ("inch", 12), "stone": ("pound", 14), "hour": ("minute", 60)]
        guard let (name, limit) = implied[unit.name], value >= 0, value < limit else { return nil }
        return units.units.values.values.first { $0.name == name }
    }
}
