import Foundation
import NutriIntent
import Testing

/// One line of `IntentCorpus.tsv`.
struct IntentCase: CustomTestStringConvertible, Sendable {
    let utterance: String
    let expected: String
    var testDescription: String { "\"\(utterance)\" → \(expected)" }

    static let all: [IntentCase] = IntentCorpus.tsv.split(separator: "\n").compactMap { line in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        let cells = trimmed.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return IntentCase(utterance: cells[0], expected: cells.count > 1 ? cells[1] : "")
    }
}

@Suite struct IntentCorpusTests {
    @Test func corpusIsWellFormed() {
        #expect(IntentCase.all.count >= 100)
        for item in IntentCase.all {
            #expect(item.expected == "!log" || Intent(rawValue: item.expected) != nil, "\(item.testDescription)")
        }
        for intent in Intent.allCases {
            #expect(IntentCase.all.contains { $0.expected == intent.rawValue }, "no corpus case for \(intent.rawValue)")
        }
    }

    @Test(arguments: IntentCase.all)
    func classifies(_ item: IntentCase) throws {
        let classifier = try #require(TestClassifier.shared)
        let prediction = classifier.classify(item.utterance)
        if item.expected == "!log" {
            #expect(!prediction.intent.isLogging, "\(item.testDescription): got \(prediction.intent.rawValue)")
        } else {
            #expect(prediction.intent.rawValue == item.expected,
                    "\(item.testDescription): got \(prediction.intent.rawValue) (\(prediction.source.rawValue), \(prediction.confidence))")
        }
    }
}
