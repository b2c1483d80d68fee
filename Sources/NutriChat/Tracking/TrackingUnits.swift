import Foundation
import NutriLanguage

/// What a tracking unit measures, and its base unit.
public enum TrackingDimension: String, Sendable {
    /// Base: kilogram.
    case mass
    /// Base: meter.
    case length
    /// Base: minute.
    case duration
    /// Base: milliliter.
    case volume
    /// Base: kcal.
    case energy
}

/// A unit of body measures, goals or exercise ("lb", "cm", "hours", "liters", "kcal") from `tracking-units.tsv`.
public struct TrackingUnit: Sendable, Equatable {
    /// The canonical name ("pound").
    public var name: String
    public var dimension: TrackingDimension
    /// Base units in one of this unit.
    public var factor: Double
}

/// A number word from `numbers.tsv`, as the tracking phrases use it.
struct TrackingNumberWord: Sendable {
    enum Kind: String { case cardinal, tens, scale, fraction, article, collective }
    var value: Double
    var kind: Kind
}

/// Longest-first lookup of word phrases ("fl oz", "brisk walk", "red meat") in a token list.
struct PhraseIndex<Value: Sendable>: Sendable {
    private(set) var values: [String: Value] = [:]
    private(set) var longest = 0

    /// Adds `phrase` (words separated by spaces); the first value given for a phrase wins.
    mutating func insert(_ phrase: String, _ value: Value) {
        let words = phrase.splitting(" ").map(String.init)
        guard !words.isEmpty else { return }
        let key = words.joined(separator: " ")
        if values[key] == nil { values[key] = value }
        longest = max(longest, words.count)
    }

    /// The longest phrase starting at `start` in `words`, with its length in words.
    func match(_ words: [String], at start: Int) -> (value: Value, length: Int)? {
        guard start < words.count else { return nil }
        for length in stride(from: min(longest, words.count - start), through: 1, by: -1) {
            if let value = values[words[start..<start + length].joined(separator: " ")] { return (value, length) }
        }
        return nil
    }

    /// Every non-overlapping phrase in `words`, left to right, longest first at each position.
    func all(in words: [String]) -> [(value: Value, range: Range<Int>)] {
        var found: [(Value, Range<Int>)] = []
        var i = 0
        while i < words.count {
            if let (value, length) = match(words, at: i) {
                found.append((value, i..<i + length))
                i += length
            } else {
                i += 1
            }
        }
        return found
    }
}

/// The units and number words the tracking phrases understand.
public struct TrackingUnits: Sendable {
    var units = PhraseIndex<TrackingUnit>()
    var numbers: [String: TrackingNumberWord] = [:]

    /// Loads `tracking-units.tsv` and the number words of `numbers.tsv`.
    public static func load(from lexicon: URL) throws -> TrackingUnits {
        var result = TrackingUnits()
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("tracking-units.tsv"),
                                 required: ["surface", "unit", "dimension", "factor"])
        for row in table.rows {
            guard let dimension = TrackingDimension(rawValue: row["dimension"]), !row["surface"].isEmpty else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown dimension '\(row["dimension"])'")
            }
            let factor = try row.double("factor", file: table.file)
            guard factor > 0 else { throw DataFileError(file: table.file, line: row.line, reason: "factor must be > 0") }
            let surface = TrackingPhrase.tokenize(row["surface"]).map(\.text).joined(separator: " ")
            result.units.insert(surface, TrackingUnit(name: row["unit"], dimension: dimension, factor: factor))
        }
        let numbers = try TSVTable(contentsOf: lexicon.appendingPathComponent("numbers.tsv"), required: ["word", "value", "kind"])
        for row in numbers.rows {
            guard let kind = TrackingNumberWord.Kind(rawValue: row["kind"]), let value = Double(row["value"]) else { continue }
            result.numbers[row["word"].lowercased()] = TrackingNumberWord(value: value, kind: kind)
        }
        return result
    }
}
