import Foundation
import NutriData
import NutriIntent

/// The classifier trained once on the bundled `Intents/`, shared by all tests (immutable, so safe to share).
enum TestClassifier {
    /// The bundled intents folder.
    static let directory = DataDirectory.bundled.intents

    /// Trained on every bundled example; `nil` only if the bundled data cannot be read (tests then fail loudly).
    static let shared: IntentClassifier? = try? IntentClassifier.train(fromDirectory: directory)

    /// A scratch copy of the bundled intents folder, for tests that break one file on purpose, with the bundled
    /// `Lexicon/` beside it as the classifier expects. `removeCopy` deletes both.
    static func copyOfBundledData() throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("nutriintent-\(UUID().uuidString)", isDirectory: true)
        let folder = root.appendingPathComponent("Intents", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: directory, to: folder)
        try FileManager.default.copyItem(at: DataDirectory.bundled.lexicon,
                                         to: IntentClassifier.lexiconDirectory(besideIntents: folder))
        return folder
    }

    /// Deletes a folder made by `copyOfBundledData` and the lexicon beside it.
    static func removeCopy(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }
}
