import Foundation
import NutriIntent
import Testing

/// The trained model kept between runs: read back, it must classify exactly as a freshly trained one, and any
/// change to the examples or the program, or a damaged file, must lead to a training, never to a stale answer.
@Suite struct IntentModelCacheTests {
    /// Messages of every kind, including ones no example has: the rankings must match to the last bit.
    static let messages = [
        "2 eggs and toast for breakfast", "ran 5 km", "actually make that 3 eggs", "how much protein is in beef?",
        "drank 500 ml of water", "I weigh 80 kg", "calories left today", "scratch that", "set my calorie goal to 1800",
        "what should I eat for dinner", "hello", "thanks!", "bye", "what can you do", "yes", "no",
        "what's the weather in paris", "a bowl of pho with extra brisket", "", "qwxz zzkv", "🍕🍕",
        "for my snack today I indulged in a delightful greek yogurt", "save this as my usual breakfast",
    ]

    private func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("intent-cache-\(UUID().uuidString)", isDirectory: true)
    }

    private func models(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("intent-model-") }
    }

    private func expectSameRankings(_ classifier: IntentClassifier, _ reference: IntentClassifier) {
        for message in Self.messages {
            let got = classifier.rank(message)
            let want = reference.rank(message)
            #expect(got.map(\.intent) == want.map(\.intent), "\(message)")
            #expect(got.map(\.probability) == want.map(\.probability), "\(message)")
            let (a, b) = (classifier.classify(message), reference.classify(message))
            #expect(a.intent == b.intent && a.confidence == b.confidence && a.source == b.source, "\(message)")
        }
    }

    @Test func aStoredModelClassifiesExactlyAsATrainedOne() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = IntentModelCache(directory: folder, build: "test build")
        let reference = try #require(TestClassifier.shared)
        let first = try IntentClassifier.train(fromDirectory: TestClassifier.directory, cache: cache)
        #expect(models(in: folder).count == 1)
        let stored = try #require(models(in: folder).first)
        let modified = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(stored).path)[.modificationDate]
        let second = try IntentClassifier.train(fromDirectory: TestClassifier.directory, cache: cache)
        // Read, not written again.
        #expect(models(in: folder) == [stored])
        #expect(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(stored).path)[.modificationDate] as? Date
                == modified as? Date)
        expectSameRankings(first, reference)
        expectSameRankings(second, reference)
    }

    @Test func aDamagedModelIsRetrainedAndReplaced() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = IntentModelCache(directory: folder, build: "test build")
        _ = try IntentClassifier.train(fromDirectory: TestClassifier.directory, cache: cache)
        let file = folder.appendingPathComponent(try #require(models(in: folder).first))
        let whole = try Data(contentsOf: file)
        let reference = try #require(TestClassifier.shared)
        for damaged in [Data(), whole.prefix(whole.count / 2), Data("not a model".utf8), whole + Data([0]),
                        Data(repeating: 0xff, count: whole.count)] {
            try damaged.write(to: file)
            expectSameRankings(try IntentClassifier.train(fromDirectory: TestClassifier.directory, cache: cache), reference)
            #expect(try Data(contentsOf: file) == whole)
        }
    }

    @Test func editedExamplesOrAnotherBuildTrainAfresh() throws {
        let folder = scratchFolder()
        let intents = try TestClassifier.copyOfBundledData()
        defer {
            try? FileManager.default.removeItem(at: folder)
            TestClassifier.removeCopy(intents)
        }
        let cache = IntentModelCache(directory: folder, build: "test build")
        _ = try IntentClassifier.train(fromDirectory: intents, cache: cache)
        let before = models(in: folder)
        // One more greeting changes the model: it must not be answered from the old file.
        let greet = intents.appendingPathComponent("greet.txt")
        try (try Data(contentsOf: greet) + Data("\nwell met, nutrition friend\n".utf8)).write(to: greet)
        let edited = try IntentClassifier.train(fromDirectory: intents, cache: cache)
        let after = models(in: folder)
        #expect(after.count == 1 && after != before, "the old model is replaced, not kept beside the new one")
        expectSameRankings(edited, try IntentClassifier.train(fromDirectory: intents))
        _ = try IntentClassifier.train(fromDirectory: intents, cache: IntentModelCache(directory: folder, build: "another build"))
        #expect(models(in: folder).count == 1 && models(in: folder) != after)
    }

    @Test func aFolderThatCannotBeWrittenOnlyCostsATraining() throws {
        // A regular file where the folder should be: nothing can be stored, and nothing fails.
        let blocker = scratchFolder()
        try Data("in the way".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let cache = IntentModelCache(directory: blocker, build: "test build")
        let classifier = try IntentClassifier.train(fromDirectory: TestClassifier.directory, cache: cache)
        expectSameRankings(classifier, try #require(TestClassifier.shared))
    }

    @Test func theRunningExecutableHasAnIdentity() {
        #expect(IntentModelCache.forRunningExecutable(in: scratchFolder()) != nil)
    }
}
