import Foundation
import Logging
import MCP

/// Standard input and output for the tool server, counting requests and answers, so that when the client closes
/// its end the process waits for the answers still being worked out instead of ending without them (the SDK
/// serves each request in a task of its own).
actor AnsweringTransport: Transport {
    private let inner = StdioTransport()
    /// Ids of the requests read and not yet answered.
    private var open: Set<String> = []

    nonisolated var logger: Logger { inner.logger }

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        try await inner.send(data)
        for answer in Self.messages(data) where answer["result"] != nil || answer["error"] != nil {
            if let id = Self.id(answer) { open.remove(id) }
        }
    }

    nonisolated func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let upstream = inner
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await data in await upstream.receive() {
                        let ids = Self.messages(data).filter { $0["method"] != nil }.compactMap(Self.id)
                        if !ids.isEmpty { await self.received(ids) }
                        continuation.yield(data)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func received(_ ids: [String]) { open.formUnion(ids) }

    /// Returns once every request read so far has its answer, or after `limit` seconds.
    func drained(limit: Double = 60) async {
        let deadline = Date().addingTimeInterval(limit)
        while !open.isEmpty, Date() < deadline {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    /// The JSON-RPC messages in one line: an object, or a batch of them; none when it is not JSON.
    private static func messages(_ data: Data) -> [[String: Any]] {
        guard let object = try? JSONSerialization.jsonObject(with: data) else { return [] }
        if let single = object as? [String: Any] { return [single] }
        return object as? [[String: Any]] ?? []
    }

    /// A message's id as text (ids are numbers or strings).
    private static func id(_ message: [String: Any]) -> String? {
        message["id"].map { "\($0)" }
    }
}
