import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import NutriServer

/// A throw-away PostgreSQL cluster for the tests: `initdb` into a temporary folder, `pg_ctl start` on 127.0.0.1 at
/// a free port with its unix socket in that folder, one fresh database per test, stopped and removed when the test
/// process exits. PostgreSQL refuses to run as root, so as root every program runs as the `postgres` user
/// (`runuser -u postgres --`) in a folder that user owns. Trust authentication: it listens on loopback only.
actor PostgresTestServer {
    /// The folder of `initdb` and `pg_ctl`: `$NUTRICHAT_PG_BIN`, else the newest `/usr/lib/postgresql/N/bin`.
    static let binaries: URL? = {
        var candidates: [String] = []
        if let path = ProcessInfo.processInfo.environment["NUTRICHAT_PG_BIN"], !path.isEmpty { candidates.append(path) }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        candidates += versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin" }
        return candidates.map { URL(fileURLWithPath: $0, isDirectory: true) }.first { folder in
            ["initdb", "pg_ctl", "createdb"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent($0).path)
            }
        }
    }()

    /// Whether PostgreSQL tests can run here (the binaries exist, and as root the `postgres` user does too).
    static var available: Bool { binaries != nil && (getuid() != 0 || getpwnam("postgres") != nil) }
    static let skipReason: Comment = "needs PostgreSQL's initdb and pg_ctl (Debian: apt-get install postgresql)"

    static let shared = PostgresTestServer()
    /// The one start of the cluster: every caller awaits the same task (an actor is re-entered at each `await`).
    private var starting: Task<(URL, Int), Error>?
    private var databases = 0

    /// A new empty database on the shared cluster (started on first use), as a `postgres://` URL.
    func newDatabase() async throws -> String {
        if starting == nil { starting = Task { try await Self.start() } }
        guard let starting else { throw ServerTestError("no cluster") }
        let (folder, port) = try await starting.value
        databases += 1
        let name = "nutrichat_test_\(getpid())_\(databases)"
        try await Self.run("createdb", ["-h", folder.appendingPathComponent("socket").path, "-p", String(port),
                                        "-U", "nutrichat", name])
        return "postgres://nutrichat@127.0.0.1:\(port)/\(name)"
    }

    private static func start() async throws -> (URL, Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("socket"), withIntermediateDirectories: true)
        if getuid() == 0 {  // initdb runs as postgres, who must own the cluster's folder
            for owned in [folder, folder.appendingPathComponent("socket")] {
                try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: owned.path)
            }
        }
        let data = folder.appendingPathComponent("data").path
        try await Self.run("initdb", ["-D", data, "-U", "nutrichat", "--auth=trust", "-E", "UTF8", "--no-sync"])
        let port = try Self.freePort()
        let options = "-p \(port) -k \(folder.appendingPathComponent("socket").path) -c listen_addresses=127.0.0.1 "
            + "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        // Not awaited: the server pg_ctl leaves running inherits the launcher's descriptors, so Foundation never
        // sees pg_ctl end; readiness is the socket file appearing instead.
        guard let binaries else { throw ServerTestError("no PostgreSQL binaries") }
        let (program, prefix) = launcher(binaries.appendingPathComponent("pg_ctl").path)
        let starter = Process()
        starter.executableURL = program
        starter.arguments = prefix + ["-D", data, "-l", folder.appendingPathComponent("log").path, "-o", options, "start"]
        starter.standardOutput = FileHandle.nullDevice
        starter.standardError = FileHandle.nullDevice
        try starter.run()
        let socket = folder.appendingPathComponent("socket/.s.PGSQL.\(port)").path
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: socket) { try await Task.sleep(for: .milliseconds(100)) }
        guard FileManager.default.fileExists(atPath: socket) else { throw ServerTestError("PostgreSQL did not start") }
        try await Task.sleep(for: .milliseconds(300))  // the socket exists a moment before connections are accepted
        Self.stopAtExit(data: data, folder: folder)
        return (folder, port)
    }

    /// Stops the cluster and removes its folder when the test process ends.
    private static func stopAtExit(data: String, folder: URL) {
        cleanup = (data, folder)
        atexit {
            guard let (data, folder) = PostgresTestServer.cleanup, let binaries = PostgresTestServer.binaries else { return }
            let stop = Process()
            let (program, prefix) = PostgresTestServer.launcher(binaries.appendingPathComponent("pg_ctl").path)
            stop.executableURL = program
            stop.arguments = prefix + ["-D", data, "-m", "immediate", "-w", "stop"]
            stop.standardOutput = FileHandle.nullDevice
            try? stop.run()
            stop.waitUntilExit()  // at exit, off every test thread
            try? FileManager.default.removeItem(at: folder)
        }
    }
    nonisolated(unsafe) private static var cleanup: (String, URL)?

    /// The program to start for a PostgreSQL tool, and the arguments before the tool's own.
    private static func launcher(_ tool: String) -> (URL, [String]) {
        getuid() == 0 ? (URL(fileURLWithPath: "/usr/sbin/runuser"), ["-u", "postgres", "--", tool]) : (URL(fileURLWithPath: tool), [])
    }

    /// Runs a PostgreSQL tool to its end without holding a thread of the test pool (the wait is a continuation
    /// resumed by the process's termination handler); throws with its output when it fails.
    private static func run(_ tool: String, _ arguments: [String]) async throws {
        guard let binaries else { throw ServerTestError("no PostgreSQL binaries") }
        let (program, prefix) = launcher(binaries.appendingPathComponent(tool).path)
        try await run(program: program, arguments: prefix + arguments)
    }

    private static func run(program: URL, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        guard status == 0 else {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw ServerTestError("\(program.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(text)")
        }
    }

    /// A TCP port nobody listens on now: bound to port 0 on loopback, read back, released.
    private static func freePort() throws -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw ServerTestError("no socket") }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
                bind(socketFD, raw, length) == 0 && getsockname(socketFD, raw, &length) == 0
            }
        }
        guard bound else { throw ServerTestError("cannot bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
