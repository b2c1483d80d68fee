import Foundation
import NutriData
@testable import NutriLanguage

/// The bundled lexicon, loaded once for all tests.
let sharedLexicon: LanguageLexicon = {
    do { return try LanguageLexicon.load(from: DataDirectory.bundled.lexicon) } catch {
        fatalError("lexicon: \(error)")
    }
}()

/// Foods the segmentation tests treat as known to the database.
let testKnownFoods: Set<String> = [
    "mac and cheese", "peanut butter and jelly sandwich", "fish and chips", "half and half", "chicken noodle soup",
    "sweet and sour pork", "sweet potato", "hot dog", "hot sauce", "sweet tea", "salt and vinegar chips",
    "breakfast burrito", "cream cheese", "bread and butter pickles", "chips and salsa", "rice and beans",
    "3 musketeers", "7up", "five guys burger", "snack bar", "half and half creamer", "spaghetti and meatballs",
    "double cheeseburger", "frozen meal", "frozen dinner", "split pea soup", "banana split",
]

/// One input of a corpus with the expectation written above it.
struct CorpusCase: CustomStringConvertible, Sendable {
    let file: String
    let line: Int
    let expected: String
    let input: String
    var description: String { "\(file):\(line) \"\(input)\" => \(expected)" }
}

/// Reads `Corpus/<name>.txt`: a line `=> expectation` starts a group; each following line is an input that
/// must give it. `#` starts a comment line.
func corpus(_ name: String) -> [CorpusCase] {
    let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
    let url = base.appendingPathComponent("Corpus").appendingPathComponent("\(name).txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var cases: [CorpusCase] = []
    var expected: String?
    for (index, raw) in text.components(separatedBy: "\n").enumerated() {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.isEmpty || line.hasPrefix("#") { continue }
        if line.hasPrefix("=>") {
            expected = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            continue
        }
        guard let expected else { continue }
        cases.append(CorpusCase(file: "\(name).txt", line: index + 1, expected: expected, input: raw.trimmingCharacters(in: .whitespaces)))
    }
    return cases
}

/// "key=value key2=value two flag" → [key: value, …]; a value runs until the next "key=".
func keyValues(_ spec: String) -> [String: String] {
    var result: [String: String] = [:]
    var key: String?
    var value: [String] = []
    for word in spec.split(separator: " ").map(String.init) {
        if let eq = word.firstIndex(of: "=") {
            if let key { result[key] = value.joined(separator: " ") }
            key = String(word[..<eq]); value = [String(word[word.index(after: eq)...])].filter { !$0.isEmpty }
        } else if key == nil {
            result[word] = ""
        } else {
            value.append(word)
        }
    }
    if let key { result[key] = value.joined(separator: " ") }
    return result
}

/// A fixed clock: Saturday 2026-11-21 08:30.
let saturdayMorning = ReferenceDate(year: 2026, month: 11, day: 21, hour: 8, minute: 30, weekday: 7)
