import Foundation

/// Runs a helper program found on PATH and collects its output.
enum ProcessRunner {
    struct Result {
        var status: Int32
        var output: Data
        var errorText: String
    }

    static func run(_ tool: String, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        guard let executable = which(tool) else {
            throw StoreError.toolFailed(tool: tool, reason: "not found on PATH")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw StoreError.toolFailed(tool: tool, reason: "could not start")
        }
        // Read both pipes at once so a chatty tool cannot fill one and block.
        let errorData = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: output,
                      errorText: String(decoding: errorData.data, as: UTF8.self))
    }

    /// Holds what the background reader collected; the DispatchGroup orders the write before the read.
    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    static func which(_ tool: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
