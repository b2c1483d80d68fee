import Foundation
import NutriChat
import NutriIntent
import NutriLanguage

/// The intent `nutrichat parse` reports for each utterance of `intents-dev/clinc_val_mapped.tsv` (a public intent
/// benchmark's validation split mapped onto NutriChat's intents), against its label.
///
/// Every utterance goes through `MealAnalyzer.analyze`, the object `parse` prints, with the full food database: what
/// is measured is the product, not the classifier alone. Figures are given for all rows and for odd and even rows
/// apart (rows numbered from 1 after the header): only the odd rows' mistakes are listed, so that examples written
/// after reading them can be checked on the even rows, which nobody looked at.
struct IntentsDevEvaluation {
    /// One labelled utterance.
    struct Row {
        let number: Int
        let utterance: String
        let expected: Intent
        let source: String
    }

    /// One utterance's outcome.
    struct Outcome {
        let row: Row
        let got: Intent
        let confidence: Double
        var isCorrect: Bool { got == row.expected }
    }

    let outcomes: [Outcome]

    /// Reads the TSV (`utterance`, `intent`, `source_intent`; `#` lines are comments) and analyses every row.
    static func run(tsv url: URL, analyzer: MealAnalyzer, reference: ReferenceDate) throws -> IntentsDevEvaluation {
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [Row] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 2, let intent = Intent(rawValue: cells[1]) else {
                throw BenchError("\(url.lastPathComponent): bad row \(rows.count + 1): \(line)")
            }
            rows.append(Row(number: rows.count + 1, utterance: cells[0], expected: intent,
                            source: cells.count > 2 ? cells[2] : ""))
        }
        let outcomes = rows.map { row in
            let analysis = analyzer.analyze(row.utterance, reference: reference)
            return Outcome(row: row, got: analysis.intent, confidence: analysis.confidence)
        }
        return IntentsDevEvaluation(outcomes: outcomes)
    }

    /// The three headline figures for a subset of rows.
    struct Figures {
        var inDomain = 0, inDomainCorrect = 0, outOfScope = 0, rejected = 0, logged = 0

        init(_ outcomes: [Outcome]) {
            for outcome in outcomes {
                if outcome.row.expected == .outOfScope {
                    outOfScope += 1
                    if outcome.got == .outOfScope { rejected += 1 }
                    if outcome.got.isLogging { logged += 1 }
                } else {
                    inDomain += 1
                    if outcome.isCorrect { inDomainCorrect += 1 }
                }
            }
        }

        var line: String {
            "in-domain accuracy \(percent(inDomainCorrect, inDomain)) (\(inDomainCorrect)/\(inDomain)), "
                + "out-of-scope rejected \(percent(rejected, outOfScope)) (\(rejected)/\(outOfScope)), "
                + "out-of-scope logged \(percent(logged, outOfScope, digits: 2)) (\(logged))"
        }
    }

    /// The report: headline figures for all, odd and even rows, the confusions per intent, and `misses` odd-row misses.
    func text(misses: Int) -> String {
        var lines = ["intents-dev (\(outcomes.count) utterances, through MealAnalyzer.analyze as `nutrichat parse` runs it;"
            + " targets: in-domain ≥ 90 %, out-of-scope rejected ≥ 93 %, logged ≤ 0.2 %)"]
        lines.append("  all:  " + Figures(outcomes).line)
        lines.append("  odd:  " + Figures(outcomes.filter { $0.row.number % 2 == 1 }).line)
        lines.append("  even: " + Figures(outcomes.filter { $0.row.number % 2 == 0 }).line)
        lines.append("per intent (all rows): expected → correct/total, then what the misses became")
        for intent in Intent.allCases {
            let rows = outcomes.filter { $0.row.expected == intent }
            guard !rows.isEmpty else { continue }
            let wrong = Dictionary(grouping: rows.filter { !$0.isCorrect }, by: \.got)
                .map { (intent: $0.key, count: $0.value.count) }
                .sorted { ($0.count, $1.intent.rawValue) > ($1.count, $0.intent.rawValue) }
            let became = wrong.map { "\($0.intent.rawValue) \($0.count)" }.joined(separator: ", ")
            let name = intent.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
            lines.append("  \(name) \(rows.filter(\.isCorrect).count)/\(rows.count)" + (became.isEmpty ? "" : "  → \(became)"))
        }
        let oddMisses = outcomes.filter { $0.row.number % 2 == 1 && !$0.isCorrect }
        if misses > 0 {
            lines.append("misses on odd rows (\(min(misses, oddMisses.count)) of \(oddMisses.count); even rows are not shown):")
            for outcome in oddMisses.prefix(misses) {
                lines.append("  row \(outcome.row.number) \(outcome.row.expected.rawValue) → \(outcome.got.rawValue) "
                    + String(format: "%.2f", outcome.confidence) + "  \"\(outcome.row.utterance)\"  (\(outcome.row.source))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// A benchmark input that cannot be read.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

private func percent(_ part: Int, _ whole: Int, digits: Int = 1) -> String {
    String(format: "%.\(digits)f %%", whole == 0 ? 0 : Double(part) * 100 / Double(whole))
}
