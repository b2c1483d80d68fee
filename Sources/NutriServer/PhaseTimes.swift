import Foundation

/// Where the server's time goes, phase by phase (token check, opening journals, the analysis, saving dialogue
/// state…): with `NUTRICHAT_SERVE_TIMING=1` in the environment each phase's count, total and mean go to standard
/// error when the server stops. Off, `measure` only runs its body.
final class PhaseTimes: @unchecked Sendable {
    let enabled: Bool
    private let lock = NSLock()
    private var totals: [String: (count: Int, nanoseconds: UInt64)] = [:]

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Timing on when the environment asks for it.
    static func fromEnvironment() -> PhaseTimes {
        PhaseTimes(enabled: ProcessInfo.processInfo.environment["NUTRICHAT_SERVE_TIMING"] == "1")
    }

    /// Runs `body`, adding its time to `phase`.
    func measure<T>(_ phase: String, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { record(phase, since: start) }
        return try body()
    }

    /// Runs the asynchronous `body`, adding its time (waiting included) to `phase`.
    func measure<T>(_ phase: String, _ body: () async throws -> T) async rethrows -> T {
        guard enabled else { return try await body() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { record(phase, since: start) }
        return try await body()
    }

    private func record(_ phase: String, since start: UInt64) {
        let elapsed = DispatchTime.now().uptimeNanoseconds &- start
        lock.withLock {
            let old = totals[phase] ?? (0, 0)
            totals[phase] = (old.count + 1, old.nanoseconds + elapsed)
        }
    }

    /// One line per phase, the costliest first: "chat: analysis  4,000 × 3.10 ms = 12.4 s".
    func summary() -> String {
        let rows = lock.withLock { totals }.sorted { $0.value.nanoseconds > $1.value.nanoseconds }
        return rows.map { phase, total in
            let seconds = Double(total.nanoseconds) / 1e9
            return phase.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "%7d × %7.2f ms = %6.1f s", total.count,
                          seconds * 1000 / Double(max(1, total.count)), seconds)
        }.joined(separator: "\n")
    }
}
