import Foundation
import Testing

/// A folder database's journals are opened lock-free, so the folder belongs to one server at a time: a second
/// `nutrichat serve` on it is refused with one line and a non-zero exit, and takes it once the first has stopped.
@Suite("Server folder lock", .serialized, .enabled(if: ServerProcess.available))
struct ServerFolderLockTests {
    @Test func aSecondServerOnTheSameFolderIsRefusedUntilTheFirstStops() async throws {
        let server = try ServerProcess()
        try server.start(now: ServerEndToEndTests.now)
        let client = HTTPClient(base: server.base)
        let token = try await client.signUp("alice")
        let logged = try await client.post("/v1/chat", json: ["message": "a banana"], token: token)
        #expect(logged.status == 200, "\(logged.text)")

        let second = try Self.run(server, ["serve", "--port", "0", "--database", server.folder.path, "--home", server.home.path])
        #expect(second.status != 0)
        #expect(second.error.contains("another nutrichat serve is using \(server.folder.path)"), "\(second.error)")
        #expect(second.error.split(separator: "\n").count == 1, "one line: \(second.error)")
        let journal = server.folder.appendingPathComponent("journals/1/journal.sqlite").path
        #expect(FileManager.default.fileExists(atPath: journal))
        #expect(!FileManager.default.fileExists(atPath: journal + "-shm"), "a lock-free journal keeps its log's index in memory")

        server.stop()
        try server.start(now: ServerEndToEndTests.now)
        defer { server.stop() }
        let diary = try await HTTPClient(base: server.base).get("/v1/diary?date=2026-11-21", token: token)
        #expect((diary.object["entries"] as? [Any])?.count == 1, "the restarted server reads the entry back: \(diary.text)")
    }

    /// Runs `nutrichat` with `arguments` to its end (a refused server exits at once; one that starts is stopped).
    static func run(_ server: ServerProcess, _ arguments: [String]) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = arguments
        let (output, error) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
