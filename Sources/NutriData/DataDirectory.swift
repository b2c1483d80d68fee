import Foundation

/// Locates the bundled `Lexicon/` and `Intents/` data folders, or an override given with `--data-dir`.
public struct DataDirectory: Sendable, Equatable {
    /// The folder holding `*.tsv` lexicon files.
    public let lexicon: URL
    /// The folder holding `<intent>.txt` training examples and `rules.tsv`.
    public let intents: URL

    /// Creates a data directory from explicit folders.
    public init(lexicon: URL, intents: URL) {
        self.lexicon = lexicon
        self.intents = intents
    }

    /// The data bundled with the program.
    public static var bundled: DataDirectory {
        let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        return DataDirectory(
            lexicon: base.appendingPathComponent("Lexicon", isDirectory: true),
            intents: base.appendingPathComponent("Intents", isDirectory: true))
    }

    /// Data from `root`, which holds `Lexicon/` and `Intents/` folders; a missing folder falls back to the bundled one.
    public static func overriding(root: URL) -> DataDirectory {
        let fm = FileManager.default
        let lex = root.appendingPathComponent("Lexicon", isDirectory: true)
        let ints = root.appendingPathComponent("Intents", isDirectory: true)
        return DataDirectory(
            lexicon: fm.fileExists(atPath: lex.path) ? lex : bundled.lexicon,
            intents: fm.fileExists(atPath: ints.path) ? ints : bundled.intents)
    }
}
