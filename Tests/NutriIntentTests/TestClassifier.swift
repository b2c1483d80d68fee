import Foundation
import NutriData
import NutriIntent

/// The classifier trained once on the bundled `Intents/`, shared by all tests (immutable, so safe to share).
enum TestClassifier {
    /// The bundled intents folder.
    static let directory = DataDirectory.bundled.intents

    /// Trained on every bundled example; `nil` only if the bundled data cannot be read (tests then fail loudly).
    static let shared: IntentClassifier? = try? IntentClassifier.train(fromDirectory: directory)

    /// A scratch folder holding a copy of the bundled data, for tests that break one file on purpose.
    static func copyOfBundledData() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("nutriintent-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.copyItem(at: directory, to: folder)
        return folder
    }
}
