import Foundation

/// Where the built `nutrichat` executable is, if it is: `$NUTRICHAT_BINARY`, next to the running test binary
/// (the same scratch folder), or in the repository's `.build/debug`.
enum NutriChatBinary {
    static let url: URL? = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["NUTRICHAT_BINARY"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        if let tests = Bundle.main.executableURL {
            candidates.append(tests.deletingLastPathComponent().appendingPathComponent("nutrichat"))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("nutrichat"))
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(repository.appendingPathComponent(".build/debug/nutrichat"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

/// A child process with piped standard input, output and error.
final class ChildProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var collected = Data()
    private var collectedErrors = Data()
    private let group = DispatchGroup()

    /// Starts `executable` with `arguments`; output is drained on background threads so the child never blocks.
    init(_ executable: URL, arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        drain(output) { self.collected = $0 }
        drain(errors) { self.collectedErrors = $0 }
    }

    /// Writes `text` to the child's standard input and closes it.
    func send(_ text: String) {
        send(bytes: Data(text.utf8))
    }

    /// Writes raw bytes (which need not be UTF-8) to the child's standard input and closes it.
    func send(bytes: Data) {
        input.fileHandleForWriting.write(bytes)
        try? input.fileHandleForWriting.close()
    }

    /// Waits for the child to exit and returns its status and output.
    func finish() -> (status: Int32, stdout: String, stderr: String) {
        process.waitUntilExit()
        group.wait()
        return (process.terminationStatus, String(decoding: collected, as: UTF8.self),
                String(decoding: collectedErrors, as: UTF8.self))
    }

    private func drain(_ pipe: Pipe, into store: @escaping (Data) -> Void) {
        group.enter()
        DispatchQueue.global().async {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            store(data)
            self.group.leave()
        }
    }
}
