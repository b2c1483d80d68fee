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
        /// The sub-topic set by the last `# topic: NAME` line above it, or "" (kept for readers: the model learns intents, not topics).
        public let topic: String

        /// Creates an example.
        public init(intent: Intent, text: String, line: Int = 0, topic: String = "") {
            self.intent = intent
            self.text = text
            self.line = line
            self.topic = topic
        }
    }

    /// The examples, file by file in `Intent.allCases` order, each file in line order.
    public let examples: [Example]

    /// The comment prefix that starts a sub-topic: `# topic: weather`.
    public static let topicMarker = "topic:"

    /// Wraps a list of examples.
    public init(_ examples: [Example]) {
        self.examples = examples
    }

    /// Reads `<intent>.txt` for every intent in `directory`; a missing, unreadable, empty or non-UTF-8 file throws.
    /// A comment line `# topic: NAME` starts a sub-topic that lasts until the next one or the end of the file.
    public init(directory: URL) throws {
        try self.init(files: Self.files(in: directory))
    }

    /// The bytes of `<intent>.txt` for every intent in `directory`, in `Intent.allCases` order.
    public static func files(in directory: URL) throws -> [(intent: Intent, data: Data)] {
        try Intent.allCases.map { intent in
            do {
                return (intent, try Data(contentsOf: directory.appendingPathComponent(fileName(of: intent))))
            } catch {
                throw DataFileError(file: fileName(of: intent), line: 0,
                                    reason: "missing or unreadable: every intent needs examples")
            }
        }
    }

    /// The examples in files as `files(in:)` reads them.
    public init(files: [(intent: Intent, data: Data)]) throws {
        var examples: [Example] = []
        for (intent, data) in files {
            let name = Self.fileName(of: intent)
            guard let text = String(data: data, encoding: .utf8) else {
                throw DataFileError(file: name, line: 0, reason: "is not valid UTF-8")
            }
            let before = examples.count
            var topic = ""
            for (number, line) in Self.lines(of: text) {
                if line.hasPrefix("#") {
                    let comment = line.dropFirst().drop { $0 == " " }
                    if comment.hasPrefix(Self.topicMarker) {
                        topic = String(comment.dropFirst(Self.topicMarker.count).drop { $0 == " " })
                    }
                    continue
                }
                examples.append(Example(intent: intent, text: line, line: number, topic: topic))
            }
            if examples.count == before {
                throw DataFileError(file: name, line: 0, reason: "has no examples")
            }
        }
        self.examples = examples
    }

    private static func fileName(of intent: Intent) -> String { intent.rawValue + ".txt" }

    /// The non-blank lines of `text` with their 1-based numbers, trimmed of spaces, tabs and carriage returns.
    /// Works on UTF-8 bytes: Foundation's trimming is slow, and this runs at every start-up.
    static func lines(of text: String) -> [(number: Int, text: String)] {
        var text = text
        return text.withUTF8 { bytes in
            var lines: [(number: Int, text: String)] = []
            func isBlank(_ byte: UInt8) -> Bool {
                byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            }
            var number = 0
            var start = 0
            while start < bytes.count {
                number += 1
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var first = start
                var last = end
                while first < last && isBlank(bytes[first]) { first += 1 }
                while last > first && isBlank(bytes[last - 1]) { last -= 1 }
                if first < last {
                    let line = UnsafeBufferPointer(rebasing: bytes[first..<last])
                    lines.append((number, String(decoding: line, as: UTF8.self)))
                }
                start = end + 1
            }
            return lines
        }
    }

    /// The number of examples labelled `intent`.
    public func count(of intent: Intent) -> Int {
        examples.lazy.filter { $0.intent == intent }.count
    }

    /// A deterministic split: within each intent, every `n`-th example (the 5th, 10th, … for `n` = 5) is held out.
    /// `fold` in `0..<n` shifts which examples are held out, for cross-validation; fold 0 is the reported split.
    public func split(holdingOutEvery n: Int = 5, fold: Int = 0) -> (training: IntentExamples, test: IntentExamples) {
        var training: [Example] = []
        var test: [Example] = []
        var seen: [Intent: Int] = [:]
        for example in examples {
            let position = seen[example.intent, default: 0] + 1
            seen[example.intent] = position
            if n > 0 && (position + fold) % n == 0 { test.append(example) } else { training.append(example) }
        }
        return (IntentExamples(training), IntentExamples(test))
    }
}
