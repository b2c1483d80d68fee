import Foundation
import NutriTestSupport

/// The built `nutrichat` the process tests run.
enum NutriChatBinary {
    static let url = BuiltExecutable.nutrichat
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
