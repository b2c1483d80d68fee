import Foundation
import NutriServer
import NutriStore

/// `speed serve`: the release `nutrichat serve` on loopback under load. Seeds N accounts straight into the server's
/// store (a bench shortcut, see `seed`), then sends a mix of chat (40 %), diary (30 %) and parse (30 %) requests from C
/// concurrent keep-alive connections (`LoadConnection`, one thread each) for S seconds, and prints throughput and latency percentiles. Bounded: it stops at the
/// deadline and stops the server it started.
struct ServeBenchmark {
    let home: URL
    let repository: URL
    var accounts = 1_000
    var connections = 64
    var seconds = 20.0
    /// Another `nutrichat` or `nutrichat-serve` to measure (an older build, side by side); this repository's release
    /// build when nil.
    var server: URL?
    /// Requests a second offered in all, spread evenly over the connections (0: each connection sends its next
    /// request as soon as the last is answered). With a rate, latency counts from when a request was due, not from
    /// when it was sent, so a server that falls behind is not flattered by the requests it delayed (as wrk2 does).
    var rate = 0.0
    /// `--database postgres://…`: an empty PostgreSQL database for the accounts and their journals, instead of a
    /// SQLite folder (the default). The bench leaves its accounts there.
    var database: String?
    /// Asks the server for its time by phase (`NUTRICHAT_SERVE_TIMING=1`), printed when it stops.
    var timing = false
    /// The server's fixed clock; the seeded tokens are made for it.
    static let now = "2026-11-21T12:30:00"

    /// One timed request.
    struct Sample {
        var kind: String
        var seconds: Double
        var ok: Bool
        /// When the request was due, in seconds from the start of the run.
        var at: Double = 0
    }

    func run() {
        let binary = server ?? repository.appendingPathComponent(".build/release/nutrichat")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return print("skipped: build the release binary first (swift build -c release)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-serve-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let seedStart = Date()
        let tokens: [String]
        do { tokens = try seed(folder) } catch { return print("serve: seeding failed: \(error)") }
        let seedSeconds = Date().timeIntervalSince(seedStart)
        let process = Process()
        process.executableURL = binary
        // `nutrichat serve` runs `nutrichat-serve` in its place; `--server` may name either program.
        let command = binary.lastPathComponent == "nutrichat-serve" ? [] : ["serve"]
        let place = database.map { ["--database", $0, "--files", folder.path] } ?? ["--database", folder.path]
        process.arguments = command + ["--port", "0"] + place + ["--home", home.path, "--now", Self.now]
        if timing { process.environment = ProcessInfo.processInfo.environment.merging(["NUTRICHAT_SERVE_TIMING": "1"]) { $1 } }
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return print("skipped: cannot start the server: \(error)") }
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        guard let base = Self.address(output.fileHandleForReading) else { return print("skipped: the server did not start") }
        measure(base, tokens: tokens, seedSeconds: seedSeconds)
    }

    /// Bench shortcut: the accounts go straight into `accounts.sqlite` in one transaction, all with one precomputed
    /// bcrypt hash and each with a token made here (signing up through the API runs bcrypt once per account:
    /// minutes for 10,000), and each account's journal is a copy of one freshly migrated empty journal, as
    /// `POST /v1/accounts` leaves it (with its kept, empty WAL files). With `--database postgres://…` the accounts and
    /// tokens go into PostgreSQL in one statement and there is no journal to copy. Returns the tokens.
    private func seed(_ folder: URL) throws -> [String] {
        let tokens = (0..<accounts).map { _ in Credentials.newToken() }
        let created = ISO8601DateFormatter().date(from: Self.now + "Z") ?? Date()
        let (named, password) = (tokens.indices.map { ("user\($0)", Credentials.tokenHash(tokens[$0])) },
                                 Credentials.hash(password: "bench password", cost: 4))
        let expires = created.addingTimeInterval(40 * 24 * 3600)
        if let database {
            _ = try PostgresAccountStore(location: try PostgresLocation(url: database))
                .seedAccounts(named, passwordHash: password, at: created, tokensExpire: expires)
            return tokens
        }
        let store = try SQLiteAccountStore(path: folder.appendingPathComponent("accounts.sqlite").path)
        let ids = try store.seedAccounts(named, passwordHash: password, at: created, tokensExpire: expires)
        let template = folder.appendingPathComponent("template/journal.sqlite")
        // Opened as the server opens a new account's journal, and closed (checkpointed) at the end of this scope: the
        // files it leaves (the journal, and the emptied WAL files a server journal keeps) are what each account gets.
        do { _ = try ServerJournalOptions.openJournal(path: template.path) }
        let files = try FileManager.default.contentsOfDirectory(atPath: template.deletingLastPathComponent().path).sorted()
        let journals = folder.appendingPathComponent("journals", isDirectory: true)
        for id in ids {
            let journalFolder = journals.appendingPathComponent(String(id), isDirectory: true)
            try PrivateFiles.createFolder(journalFolder)
            for file in files {
                try FileManager.default.copyItem(at: template.deletingLastPathComponent().appendingPathComponent(file),
                                                 to: journalFolder.appendingPathComponent(file))
            }
        }
        try FileManager.default.removeItem(at: template.deletingLastPathComponent())
        return tokens
    }

    /// C connections, each on a thread of its own sending one request at a time until the deadline.
    private func measure(_ base: URL, tokens: [String], seedSeconds: Double) {
        guard let host = base.host, let port = base.port.flatMap(UInt16.init(exactly:)) else {
            return print("skipped: the server's address \(base) has no host and port")
        }
        let samples = SampleBox()
        let group = DispatchGroup()
        let start = Date()
        let deadline = start.addingTimeInterval(seconds)
        for _ in 0..<connections {
            group.enter()
            let thread = Thread {
                let part = load(LoadConnection(host: host, port: port), tokens: tokens, from: start, until: deadline)
                samples.add(part)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        report(samples.all, elapsed: Date().timeIntervalSince(start), seedSeconds: seedSeconds)
    }

    /// The connections' samples, gathered from their threads under a lock.
    final class SampleBox: @unchecked Sendable {
        private let lock = NSLock()
        private var samples: [Sample] = []

        func add(_ part: [Sample]) { lock.withLock { samples += part } }
        var all: [Sample] { lock.withLock { samples } }
    }

    /// One connection's loop: a request at a time until the deadline.
    private func load(_ connection: LoadConnection, tokens: [String], from start: Date, until deadline: Date) -> [Sample] {
        let messages = ["2 eggs and toast for breakfast", "a banana", "how many calories today", "1 cup of rice for lunch"]
        var samples: [Sample] = []
        let interval = rate > 0 ? Double(connections) / rate : 0
        var due = Date().addingTimeInterval(Double.random(in: 0..<max(interval, 0.000_001)))
        while due < deadline {
            if interval > 0 {
                let wait = due.timeIntervalSinceNow
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            } else {
                due = Date()
            }
            let token = tokens[Int.random(in: 0..<tokens.count)]
            let pick = Int.random(in: 0..<10)
            let message = messages[Int.random(in: 0..<messages.count)]
            let kind: String
            let answer: (status: Int, body: Data)?
            switch pick {
            case 0..<4:
                kind = "chat"
                answer = try? connection.send("POST", "/v1/chat", body: Self.json(["message": message]), token: token)
            case 4..<7:
                kind = "diary"
                answer = try? connection.send("GET", "/v1/diary?date=2026-11-21", body: nil, token: token)
            default:
                kind = "parse"
                answer = try? connection.send("POST", "/v1/parse", body: Self.json(["text": message]), token: token)
            }
            samples.append(Sample(kind: kind, seconds: Date().timeIntervalSince(due), ok: Self.answered(answer),
                                  at: due.timeIntervalSince(start)))
            if interval > 0 { due.addTimeInterval(interval) }
        }
        return samples
    }

    /// A 200 whose reply is not chat's error object: a server whose data files it cannot read answers every chat
    /// message with `"intent":"error"` ("bad data file …"), fast, and must not count as served.
    static func answered(_ answer: (status: Int, body: Data)?) -> Bool {
        guard let answer, answer.status == 200 else { return false }
        return answer.body.range(of: Data(#""intent":"error""#.utf8)) == nil
    }

    private static func json(_ object: [String: String]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    private func report(_ samples: [Sample], elapsed: Double, seedSeconds: Double) {
        func percentiles(_ kind: String?) -> String {
            let times = samples.filter { kind == nil || $0.kind == kind }.map(\.seconds).sorted()
            guard !times.isEmpty else { return "none" }
            let at = { (q: Double) in times[min(times.count - 1, Int(Double(times.count) * q))] * 1000 }
            return String(format: "%d requests, p50 %.1f ms, p99 %.1f ms", times.count, at(0.5), at(0.99))
        }
        let failed = samples.filter { !$0.ok }.count
        let offered = rate > 0 ? String(format: ", %.0f requests/s offered", rate) : ""
        print(String(format: "serve: %d accounts seeded in %.1f s; %d connections%@ for %.0f s: %.0f requests/s, %@; %d failed",
                     accounts, seedSeconds, connections, offered, elapsed, Double(samples.count) / elapsed, percentiles(nil), failed))
        for kind in ["chat", "diary", "parse"] { print("  \(kind): \(percentiles(kind))") }
        print("  by \(Int(Self.window)) s of the run: " + Self.windows(samples, elapsed: elapsed))
    }

    /// The length of the parts of a run whose p99 `windows` shows.
    static let window = 5.0

    /// The p99 of the requests due in each `window` seconds of the run, in order ("p99 310 / 42 / 38 / 40 ms"): a server
    /// that is slow only while it warms up (journals first opened, its memory first grown) shows here.
    static func windows(_ samples: [Sample], elapsed: Double) -> String {
        let count = max(1, Int((elapsed / window).rounded(.down)))
        let parts = (0..<count).map { index -> String in
            let times = samples.filter { Int($0.at / window) == index }.map(\.seconds).sorted()
            guard !times.isEmpty else { return "–" }
            return String(format: "%.0f", times[min(times.count - 1, Int(Double(times.count) * 0.99))] * 1000)
        }
        return "p99 " + parts.joined(separator: " / ") + " ms"
    }

    /// The server's "listening on http://…" line, read within two minutes.
    private static func address(_ handle: FileHandle) -> URL? {
        let deadline = Date().addingTimeInterval(120)
        var text = ""
        while Date() < deadline {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { return nil }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: "listening on "), let end = text[range.upperBound...].firstIndex(of: "\n") {
                return URL(string: String(text[range.upperBound..<end]))
            }
        }
        return nil
    }
}
