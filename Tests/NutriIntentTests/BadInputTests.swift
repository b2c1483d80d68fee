import Foundation
import NutriIntent
import Testing

@Suite struct BadInputTests {
    @Test(arguments: ["", " ", "\n\t  \r\n", "🍕", "🙂🙂🙂 🎉", "???!!!...", "\u{0}\u{1}\u{7f}", "\u{FEFF}", "---",
                      "\u{301}\u{301}\u{301}", "\u{202E}olleh"])
    func emptyOrSymbolOnlyInputIsOutOfScope(_ text: String) throws {
        let classifier = try #require(TestClassifier.shared)
        let prediction = classifier.classify(text)
        #expect(!prediction.intent.isLogging)
        if IntentText(text).normalized.isEmpty {
            #expect(prediction.intent == .outOfScope)
            #expect(prediction.fallbackReason == .noWords)
        }
    }

    @Test func invalidUTF8IsRepairedNotCrashed() throws {
        let classifier = try #require(TestClassifier.shared)
        let bytes: [UInt8] = [0xff, 0xfe, 0x32, 0x20, 0x65, 0x67, 0x67, 0x73, 0xc3, 0x28, 0xe2, 0x82]
        let text = String(decoding: bytes, as: UTF8.self)
        let prediction = classifier.classify(text)
        #expect(prediction.ranking.count == Intent.allCases.count)
    }

    @Test func randomBytesNeverCrash() throws {
        let classifier = try #require(TestClassifier.shared)
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        for length in [1, 7, 64, 500, 3000] {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ -> UInt8 in
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    return UInt8(truncatingIfNeeded: state >> 56)
                }
                let prediction = classifier.classify(String(decoding: bytes, as: UTF8.self))
                let total = prediction.ranking.reduce(0) { $0 + $1.probability }
                #expect(abs(total - 1) < 1e-9)
            }
        }
    }

    @Test func oneMegabyteMessageIsCappedAndFast() throws {
        let classifier = try #require(TestClassifier.shared)
        let huge = String(repeating: "I had two eggs and toast ", count: 42_000)
        #expect(huge.utf8.count > 1_000_000)
        let start = Date()
        let prediction = classifier.classify(huge)
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(Intent.allCases.contains(prediction.intent))
        #expect(IntentText(huge).normalized.utf8.count <= IntentText.maximumScalars)
    }

    @Test func hugeNonASCIIMessageIsCapped() throws {
        let classifier = try #require(TestClassifier.shared)
        let huge = String(repeating: "crème brûlée ", count: 90_000) + String(repeating: "e\u{301}", count: 100_000)
        let prediction = classifier.classify(huge)
        #expect(Intent.allCases.contains(prediction.intent))
        #expect(IntentText(huge).normalized.unicodeScalars.count <= IntentText.maximumScalars)
    }

    @Test func probabilitiesAreCalibratedAndRanked() throws {
        let classifier = try #require(TestClassifier.shared)
        for text in ["2 eggs", "how much fat is in butter", "hello", "qwpoeiruty"] {
            let ranking = classifier.classify(text).ranking
            #expect(ranking.count == Intent.allCases.count)
            #expect(Set(ranking.map(\.intent)).count == Intent.allCases.count)
            #expect(zip(ranking, ranking.dropFirst()).allSatisfy { $0.probability >= $1.probability })
            #expect(ranking.allSatisfy { $0.probability >= 0 && $0.probability <= 1 })
        }
    }
}
