import Foundation

/// Serial dispatch queues for calls that wait on another server (a PostgreSQL round trip) from an HTTP route: a
/// route runs on Swift's concurrency pool, one thread a core, and a thread blocked there stops every other request's
/// networking and JSON behind it. Each lane is a thread of its own while it has work; a call takes a lane at random.
enum BlockingLanes {
    private static let lanes = (0..<16).map { DispatchQueue(label: "nutrichat.blocking.\($0)") }

    /// Runs `body` on a lane and returns its result to the awaiting task.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            lanes[Int.random(in: 0..<lanes.count)].async { continuation.resume(with: Result { try body() }) }
        }
    }
}
