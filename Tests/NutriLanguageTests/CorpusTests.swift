import Foundation
import Testing
@testable import NutriLanguage

/// Renders an amount in the corpus key=value form, for comparison and messages.
func describe(_ amount: Amount?) -> String {
    guard let amount else { return "none" }
    var parts: [String] = []
    func number(_ v: Double) -> String {
        let rounded = (v * 1_000_000).rounded() / 1_000_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
    if let q = amount.quantity { parts.append("q=\(number(q))") }
    if let unit = amount.unit { parts.append("unit=\(unit)") }
    if let size = amount.size { parts.append("size=\(size)") }
    if let p = amount.package { parts.append("pkg=\(number(p.quantity)) \(p.unit)") }
    if let r = amount.range { parts.append("range=\(number(r.lowerBound))..\(number(r.upperBound))") }
    if amount.isImplicit { parts.append("implicit=yes") }
    return parts.joined(separator: " ")
}

/// Puts an expectation in the order `describe` prints.
func canonicalSpec(_ spec: String) -> String {
    if spec == "none" { return "none" }
    let kv = keyValues(spec)
    var parts: [String] = []
    for key in ["q", "unit", "size", "pkg", "range", "implicit"] {
        if let value = kv[key] { parts.append("\(key)=\(value)") }
    }
    return parts.joined(separator: " ")
}

struct CorpusTests {
    let quantities = QuantityParser(lexicon: sharedLexicon)
    let meals = MealTextParser(lexicon: sharedLexicon, knownFoods: testKnownFoods)

    @Test("numbers corpus", arguments: corpus("numbers"))
    func numbers(_ c: CorpusCase) {
        let parsed = quantities.leadingAmount(in: c.input)?.amount
        if c.expected == "none" {
            #expect(parsed == nil || parsed?.quantity == nil, "\(c)")
            return
        }
        let kv = keyValues(c.expected)
        let expected = kv.keys.first { !$0.contains("range") && Double($0) != nil }.flatMap(Double.init)
        #expect(abs((parsed?.quantity ?? .nan) - (expected ?? .nan)) < 0.0001, "\(c) got \(describe(parsed))")
        if let range = kv["range"] {
            #expect(describe(parsed).contains("range=\(range)"), "\(c) got \(describe(parsed))")
        }
    }

    @Test("amounts corpus", arguments: corpus("amounts"))
    func amounts(_ c: CorpusCase) {
        let parsed = quantities.leadingAmount(in: c.input)?.amount
        if c.expected == "none" {
            #expect(parsed == nil || parsed?.quantity == nil && parsed?.unit == nil, "\(c) got \(describe(parsed))")
        } else {
            #expect(describe(parsed) == canonicalSpec(c.expected), "\(c) got \(describe(parsed))")
        }
    }

    @Test("units corpus", arguments: corpus("units"))
    func units(_ c: CorpusCase) {
        let unit = sharedLexicon.unit(named: c.input)?.canonical
        if c.expected == "none" {
            #expect(unit == nil, "\(c) got \(unit ?? "nil")")
            return
        }
        #expect(unit == c.expected, "\(c) got \(unit ?? "nil")")
        let amount = quantities.leadingAmount(in: "2 \(c.input) rice")?.amount
        #expect(amount?.unit == c.expected || amount?.size == c.expected, "\(c) in a phrase got \(describe(amount))")
    }

    @Test("segmentation corpus", arguments: corpus("segmentation"))
    func segmentation(_ c: CorpusCase) {
        let items = meals.parse(c.input, reference: saturdayMorning).items
        let got = items.map { item in
            item.descriptors.isEmpty ? item.food : "\(item.food) [\(item.descriptors.joined(separator: ", "))]"
        }.joined(separator: " | ")
        let expected = c.expected.split(separator: "|").map { part -> String in
            let text = part.trimmingCharacters(in: .whitespaces)
            return text
        }
        // Descriptors are only checked when the corpus lists them.
        let comparable = zip(items, expected).map { item, exp in
            exp.contains("[") ? "\(item.food) [\(item.descriptors.joined(separator: ", "))]" : item.food
        }
        #expect(items.count == expected.count && comparable == expected, "\(c) got \(got)")
    }

    @Test("segmentation with amounts corpus", arguments: corpus("segmentation-amounts"))
    func segmentationAmounts(_ c: CorpusCase) {
        let items = meals.parse(c.input, reference: saturdayMorning).items
        let got = items.map { "\($0.food): \(describe($0.amount))" }.joined(separator: " | ")
        let expected = c.expected.split(separator: "|").map { part -> String in
            let pieces = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return "\(pieces[0]): \(canonicalSpec(pieces.count > 1 ? pieces[1] : ""))"
        }.joined(separator: " | ")
        #expect(got == expected, "\(c) got \(got)")
    }

    @Test("meal and date corpus", arguments: corpus("meals"))
    func mealsAndDates(_ c: CorpusCase) {
        let parsed = meals.parse(c.input, reference: saturdayMorning)
        let kv = keyValues(c.expected)
        let meal = parsed.mealFromClock ? "clock" : (parsed.meal?.rawValue ?? "nil")
        let offset = parsed.dayOffset.map(String.init) ?? "none"
        #expect(meal == kv["meal"] && offset == kv["offset"], "\(c) got meal=\(meal) offset=\(offset)")
        #expect(parsed.date == saturdayMorning.isoDate(addingDays: parsed.dayOffset ?? 0))
    }
}
