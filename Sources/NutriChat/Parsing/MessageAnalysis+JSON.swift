import Foundation
import NutriLanguage

// The `parse` output, keys as in CLI.md. Written straight to text rather than built as a `JSONValue` tree: batch
// parse prints a few kilobytes of JSON per message, thousands of messages a second.

extension MessageAnalysis {
    /// The `parse` output object.
    public var json: JSONValue { .raw(jsonText) }

    /// The `parse` output object as one line of compact JSON.
    public var jsonText: String {
        var out = JSONWriter(capacity: 4096)
        write(to: &out)
        return out.text
    }

    func write(to out: inout JSONWriter) {
        out.raw("{\"input\":")
        out.string(input)
        out.raw(",\"intent\":")
        out.string(intent.rawValue)
        out.raw(",\"confidence\":")
        out.number(JSONOutput.round(confidence, 2))
        out.raw(",\"meal\":")
        out.optional(meal?.rawValue)
        out.raw(",\"date\":")
        out.string(date)
        out.raw(",\"items\":[")
        for (index, item) in items.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            item.write(to: &out)
        }
        out.raw("],\"totals\":")
        totals.write(to: &out)
        out.raw(",\"questions\":[")
        for (index, question) in questions.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(question)
        }
        out.byte(UInt8(ascii: "]"))
        if let error {
            out.raw(",\"error\":")
            out.string(error)
        }
        out.byte(UInt8(ascii: "}"))
    }
}

extension AnalyzedItem {
    /// One item of the `parse` output.
    public var json: JSONValue {
        var out = JSONWriter()
        write(to: &out)
        return .raw(out.text)
    }

    func write(to out: inout JSONWriter) {
        let amount = mention.amount
        out.raw("{\"text\":")
        out.string(mention.text)
        out.raw(",\"quantity\":")
        // A refused amount ("-3 eggs", "NaN eggs") prints no number; its error says what was wrong.
        out.optional(amount.quantity.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }, places: 3)
        if let range = amount.range, range.lowerBound >= 0, range.upperBound.isFinite {
            out.raw(",\"range\":[")
            out.number(JSONOutput.round(range.lowerBound, 3))
            out.byte(UInt8(ascii: ","))
            out.number(JSONOutput.round(range.upperBound, 3))
            out.byte(UInt8(ascii: "]"))
        }
        out.raw(",\"unit\":")
        out.optional(amount.unit)
        out.raw(",\"size\":")
        out.optional(size ?? amount.size)
        out.raw(",\"food\":")
        out.string(mention.food)
        out.raw(",\"grams\":")
        out.optional(portion?.grams, places: 1)
        out.raw(",\"assumed\":")
        out.raw(portion?.assumed ?? true ? "true" : "false")
        out.raw(",\"portion\":")
        out.optional(portion?.method)
        out.raw(",\"match\":")
        if let candidate = match {
            out.raw("{\"id\":")
            out.string(candidate.food.id)
            out.raw(",\"name\":")
            out.string(candidate.food.name)
            out.raw(",\"score\":")
            out.number(JSONOutput.round(candidate.score, 2))
            out.byte(UInt8(ascii: "}"))
        } else {
            out.raw("null")
        }
        out.raw(",\"nutrients\":")
        nutrients.write(to: &out)
        if let amountProblem {
            out.raw(",\"error\":")
            out.string("implausible amount: " + amountProblem.reason)
        } else if let unknown = MealAnalyzer.unknownFoodError(self) {
            out.raw(",\"error\":")
            out.string(unknown)
        }
        out.byte(UInt8(ascii: "}"))
    }
}

extension JSONWriter {
    /// A string, or `null`.
    mutating func optional(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// A number rounded to `places` decimals, or `null`.
    mutating func optional(_ value: Double?, places: Int) {
        if let value { number(JSONOutput.round(value, places)) } else { raw("null") }
    }
}
