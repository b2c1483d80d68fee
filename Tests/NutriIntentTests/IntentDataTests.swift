import Foundation
import NutriIntent
import NutriLanguage
import Testing

@Suite struct IntentDataTests {
    @Test func everyIntentHasEnoughExamples() throws {
        let examples = try IntentExamples(directory: TestClassifier.directory)
        for intent in Intent.allCases {
            #expect(examples.count(of: intent) >= (intent == .outOfScope ? 350 : 80), "\(intent.rawValue)")
        }
    }

    @Test func noUtteranceAppearsTwice() throws {
        // A duplicate would sit on both sides of the held-out split, or carry two labels.
        let examples = try IntentExamples(directory: TestClassifier.directory)
        var seen: [String: IntentExamples.Example] = [:]
        for example in examples.examples {
            let key = IntentText(example.text).normalized
            if let first = seen[key] {
                Issue.record("\"\(example.text)\" (\(example.intent.rawValue).txt:\(example.line)) repeats \(first.intent.rawValue).txt:\(first.line)")
            }
            seen[key] = example
        }
    }

    @Test func topicLinesSplitOutOfScope() throws {
        let examples = try IntentExamples(directory: TestClassifier.directory)
        let topics = Set(examples.examples.filter { $0.intent == .outOfScope }.map(\.topic))
        #expect(topics.isSuperset(of: ["weather", "media", "time", "money", "travel", "cooking", "restaurants", "chitchat"]))
        #expect(!topics.contains(""))
    }

    @Test func missingIntentFileIsReported() throws {
        let folder = try TestClassifier.copyOfBundledData()
        defer { TestClassifier.removeCopy(folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("thanks.txt"))
        #expect(throws: DataFileError(file: "thanks.txt", line: 0,
                                      reason: "missing or unreadable: every intent needs examples")) {
            try IntentClassifier.train(fromDirectory: folder)
        }
    }

    @Test func nonUTF8ExamplesAreReported() throws {
        let folder = try TestClassifier.copyOfBundledData()
        defer { TestClassifier.removeCopy(folder) }
        try Data([0x68, 0x69, 0xff, 0x0a]).write(to: folder.appendingPathComponent("greet.txt"))
        #expect(throws: DataFileError(file: "greet.txt", line: 0, reason: "is not valid UTF-8")) {
            try IntentClassifier.train(fromDirectory: folder)
        }
    }

    @Test func badDomainTermKindIsReportedWithLine() throws {
        let folder = try TestClassifier.copyOfBundledData()
        defer { TestClassifier.removeCopy(folder) }
        let url = folder.appendingPathComponent(IntentClassifier.domainTermsFileName)
        let text = try String(contentsOf: url, encoding: .utf8)
        try (text + "kale\tvegetable\n").write(to: url, atomically: true, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        do {
            _ = try IntentClassifier.train(fromDirectory: folder)
            Issue.record("expected an error")
        } catch let error as DataFileError {
            #expect(error.file == IntentClassifier.domainTermsFileName)
            #expect(error.line == lines)
            #expect(error.reason.contains("vegetable"))
        }
    }

    @Test func examplesReadCommentsTopicsAndLineNumbers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for intent in Intent.allCases {
            try "# \(intent.rawValue)\n\n# topic: main\n  \(intent.rawValue) example\t\r\n".write(
                to: folder.appendingPathComponent("\(intent.rawValue).txt"), atomically: true, encoding: .utf8)
        }
        let examples = try IntentExamples(directory: folder)
        #expect(examples.examples.count == Intent.allCases.count)
        let first = try #require(examples.examples.first)
        #expect(first.text == "\(Intent.allCases[0].rawValue) example")
        #expect(first.line == 4)
        #expect(first.topic == "main")
    }
}
