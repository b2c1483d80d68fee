import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `speed serve`: the release `nutrichat serve` on loopback under load. Seeds N accounts through the API, then sends
/// a mix of chat (40 %), diary (30 %) and parse (30 %) requests from C concurrent connections for S seconds, and prints
/// throughput and latency percentiles. Bounded: it stops at the deadline and stops the server it started.
struct ServeBenchmark {
    let home: URL
    let repository: URL
    var accounts = 1_000
    var connections = 64
    var seconds = 20.0

    /// One timed request.
    struct Sample {
        var kind: String
        var seconds: Double
        var ok: Bool
    }

    func run() {
        let binary = repository.appendingPathComponent(".build/release/nutrichat")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return print("skipped: build the release binary first (swift build -c release)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-serve-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = binary
        // bcrypt at its lowest cost: seeding measures the server, not the password hash.
        process.arguments = ["serve", "--port", "0", "--database", folder.path, "--home", home.path,
                             "--now", "2026-11-21T12:30:00", "--bcrypt-cost", "4"]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return print("skipped: cannot start the server: \(error)") }
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        guard let base = Self.address(output.fileHandleForReading) else { return print("skipped: the server did not start") }
        let done = DispatchSemaphore(value: 0)
        Task {
            await measure(base)
            done.signal()
        }
        done.wait()
    }

    private func measure(_ base: URL) async {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = connections
        let session = URLSession(configuration: configuration)
        let seedStart = Date()
        let tokens = await seed(base, session: session)
        let seedSeconds = Date().timeIntervalSince(seedStart)
        guard tokens.count == accounts else { return print("serve: seeding failed (\(tokens.count) of \(accounts) accounts)") }
        let start = Date()
        let deadline = start.addingTimeInterval(seconds)
        let samples = await withTaskGroup(of: [Sample].self) { group -> [Sample] in
            for connection in 0..<connections {
                group.addTask { await load(base, session: session, tokens: tokens, until: deadline) }
            }
            var all: [Sample] = []
            for await part in group { all += part }
            return all
        }
        let elapsed = Date().timeIntervalSince(start)
        report(samples, elapsed: elapsed, seedSeconds: seedSeconds)
    }

    /// Creates the accounts and logs each in, `connections` at a time; returns their tokens.
    private func seed(_ base: URL, session: URLSession) async -> [String] {
        await withTaskGroup(of: [String].self) { group -> [String] in
            for lane in 0..<connections {
                group.addTask {
                    var tokens: [String] = []
                    for index in stride(from: lane, to: accounts, by: connections) {
                        let credentials = ["username": "user\(index)", "password": "password \(index)"]
                        _ = try? await send(base, "POST", "/v1/accounts", json: credentials, token: nil, session: session)
                        guard let (data, _) = try? await send(base, "POST", "/v1/sessions", json: credentials, token: nil, session: session),
                              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                              let token = object["token"] as? String else { continue }
                        tokens.append(token)
                    }
                    return tokens
                }
            }
            var all: [String] = []
            for await part in group { all += part }
            return all
        }
    }

    /// One connection's loop: a request at a time until the deadline.
    private func load(_ base: URL, session: URLSession, tokens: [String], until deadline: Date) async -> [Sample] {
        let messages = ["2 eggs and toast for breakfast", "a banana", "how many calories today", "1 cup of rice for lunch"]
        var samples: [Sample] = []
        while Date() < deadline {
            let token = tokens[Int.random(in: 0..<tokens.count)]
            let pick = Int.random(in: 0..<10)
            let message = messages[Int.random(in: 0..<messages.count)]
            let started = Date()
            let kind: String
            let answer: (Data, Int)?
            switch pick {
            case 0..<4:
                kind = "chat"
                answer = try? await send(base, "POST", "/v1/chat", json: ["message": message], token: token, session: session)
            case 4..<7:
                kind = "diary"
                answer = try? await send(base, "GET", "/v1/diary?date=2026-11-21", json: nil, token: token, session: session)
            default:
                kind = "parse"
                answer = try? await send(base, "POST", "/v1/parse", json: ["text": message], token: token, session: session)
            }
            samples.append(Sample(kind: kind, seconds: Date().timeIntervalSince(started), ok: answer?.1 == 200))
        }
        return samples
    }

    private func send(_ base: URL, _ method: String, _ path: String, json: [String: String]?, token: String?,
                      session: URLSession) async throws -> (Data, Int) {
        guard let url = URL(string: path, relativeTo: base) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let json { request.httpBody = try JSONSerialization.data(withJSONObject: json) }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }

    private func report(_ samples: [Sample], elapsed: Double, seedSeconds: Double) {
        func percentiles(_ kind: String?) -> String {
            let times = samples.filter { kind == nil || $0.kind == kind }.map(\.seconds).sorted()
            guard !times.isEmpty else { return "none" }
            let at = { (q: Double) in times[min(times.count - 1, Int(Double(times.count) * q))] * 1000 }
            return String(format: "%d requests, p50 %.1f ms, p99 %.1f ms", times.count, at(0.5), at(0.99))
        }
        let failed = samples.filter { !$0.ok }.count
        print(String(format: "serve: %d accounts seeded in %.1f s; %d connections for %.0f s: %.0f requests/s, %@; %d failed",
                     accounts, seedSeconds, connections, elapsed, Double(samples.count) / elapsed, percentiles(nil), failed))
        for kind in ["chat", "diary", "parse"] { print("  \(kind): \(percentiles(kind))") }
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
