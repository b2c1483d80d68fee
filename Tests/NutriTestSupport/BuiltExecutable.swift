import Foundation

/// The built executables the command-line, process and server tests run, shared by every test target.
public enum BuiltExecutable {
    /// The built `nutrichat`: `$NUTRICHAT_BINARY`, next to the running test bundle (the same scratch folder), or in
    /// the repository's `.build/debug`; nil when it has not been built, and the tests that need it are skipped.
    public static let nutrichat: URL? = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["NUTRICHAT_BINARY"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("nutrichat"))
        }
        if let tests = Bundle.main.executableURL {
            candidates.append(tests.deletingLastPathComponent().appendingPathComponent("nutrichat"))
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(repository.appendingPathComponent(".build/debug/nutrichat"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}
