import Foundation
import NutriLanguage

/// Labelled training utterances, read from `Intents/<intent>.txt` (one utterance per line, `#` comments).
public struct IntentExamples: Sendable {
    /// One utterance and where it came from.
    public struct Example: Sendable, Equatable {
        /// The labelled intent (the file's name).
        public let intent: Intent
        /// The utterance as written.
        public let text: String
        /// The 1-based line in `<intent>.txt`.
        public let line: Int

        /// Creates an example.
        public init(intent: Intent, text: String, line: Int = 0) {
            self.intent = intent
            self.text = text
            self.line = line
        }
    }

    /// The examples, file by file in `Intent.allCases` order, each file in line order.
    public let examples: [Example]

    /// Wraps a list of examples.
    public init(_ examples: [Example]) {
        self.examples = examples
    }

    /// Reads `<intent>.txt` for every intent in `directory`; a missing, unreadable, empty or non-UTF-8 file throws.
    public init(directory: URL) throws {
        var examples: [Example] = []
        for intent in Intent.allCases {
            let name = "\(intent.rawValue).txt"
            let data: Data
            do { data = try Data(contentsOf: directory.appendingPathComponent(name)) } catch {
                throw DataFileError(file: name, line: 0, reason: "missing or unreadable: every intent needs examples")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw DataFileError(file: name, line: 0, reason: "is not valid UTF-8")
            }
            let before = examples.count
            for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
                if line.isEmpty || line.hasPrefix("#") { continue }
                examples.append(Example(intent: intent, text: line, line: index + 1))
            }
            if examples.count == before {
                throw DataFileError(file: name, line: 0, reason: "has no examples")
            }
        }
        self.examples = examples
    }

    /// The number of examples labelled `intent`.
    public func count(of intent: Intent) -> Int {
        examples.lazy.filter { $0.intent == intent }.count
    }

    /// A deterministic split: within each intent, every `n`-th example (the 5th, 10th, … for `n` = 5) is held out.
    public func split(holdingOutEvery n: Int = 5) -> (training: IntentExamples, test: IntentExamples) {
        var training: [Example] = []
        var test: [Example] = []
        var seen: [Intent: Int] = [:]
        for example in examples {
            let position = seen[example.intent, default: 0] + 1
            seen[example.intent] = position
            if n > 0 && position % n == 0 { test.append(example) } else { training.append(example) }
        }
        return (IntentExamples(training), IntentExamples(test))
    }
}
