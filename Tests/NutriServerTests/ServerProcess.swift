import Foundation
import NutriTestSupport
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real `nutrichat serve` on loopback, on a port the system picks, over a database folder that outlives restarts.
/// Its home holds links to the full food database of `$NUTRICHAT_HOME` (nothing is written there).
final class ServerProcess {
    /// The built `nutrichat`.
    static let binary = BuiltExecutable.nutrichat

    /// The folder of the full food database, when `$NUTRICHAT_HOME` names one.
    static let foodsHome: URL? = {
        guard let home = ProcessInfo.processInfo.environment["NUTRICHAT_HOME"], !home.isEmpty else { return nil }
        let url = URL(fileURLWithPath: home, isDirectory: true)
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("foods.sqlite").path) ? url : nil
    }()

    /// Whether the end-to-end tests can run here.
    static var available: Bool { binary != nil && foodsHome != nil }

    let folder: URL
    let home: URL
    /// `--database`: the folder above, unless a test sets a `postgres://` URL.
    lazy var database = folder.path
    private var process: Process?
    private(set) var base = URL(fileURLWithPath: "/")

    /// A new temporary folder for the database and a home linking the food database.
    init() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-serve-\(UUID().uuidString)")
        folder = root.appendingPathComponent("db", isDirectory: true)
        home = root.appendingPathComponent("home", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        guard let foods = Self.foodsHome else { throw ServerTestError("no NUTRICHAT_HOME") }
        for name in try FileManager.default.contentsOfDirectory(atPath: foods.path) where name.hasPrefix("foods.sqlite") {
            try FileManager.default.createSymbolicLink(at: home.appendingPathComponent(name),
                                                       withDestinationURL: foods.appendingPathComponent(name))
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    /// Starts the server with a fixed clock and waits for its "listening on" line.
    func start(now: String, extra: [String] = []) throws {
        guard let binary = Self.binary else { throw ServerTestError("no nutrichat binary") }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0", "--database", database, "--home", home.path, "--now", now,
                             "--bcrypt-cost", "4"] + extra
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        self.process = process
        base = try Self.waitForAddress(output.fileHandleForReading)
    }

    /// Stops the server (SIGTERM) and waits for it to exit.
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        self.process = nil
    }

    /// Kills the server at once (SIGKILL: no shutdown, as a crash or a power cut leaves it) and waits for it to be gone.
    func kill() {
        guard let process, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Reads standard output until the server names its address; fails after 120 seconds or at end of output.
    private static func waitForAddress(_ handle: FileHandle) throws -> URL {
        let deadline = Date().addingTimeInterval(120)
        var text = ""
        while Date() < deadline {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: "listening on "), let end = text[range.upperBound...].firstIndex(of: "\n"),
               let url = URL(string: String(text[range.upperBound..<end])) {
                return url
            }
        }
        throw ServerTestError("the server did not start: \(text)")
    }
}

/// A failure of the test harness itself.
struct ServerTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
