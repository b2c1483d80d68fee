import Foundation

/// Where the server's time goes, phase by phase (token check, opening journals, the analysis, saving dialogue
/// state…): with `NUTRICHAT_SERVE_TIMING=1` in the environment each phase's count, total and mean go to standard
/// error when the server stops, with the CPU time the measuring thread spent in it (wall time counts the waits for the
/// disk, for locks and for a core among many runnable threads; CPU time is what the phase costs the machine).
/// Off, `measure` only runs its body.
final class PhaseTimes: @unchecked Sendable {
    let enabled: Bool
    private let lock = NSLock()
    private var totals: [String: (count: Int, nanoseconds: UInt64, cpu: UInt64)] = [:]

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
        let start = DispatchTime.now().uptimeNanoseconds, cpu = Self.threadCPU()
        defer { record(phase, since: start, cpu: cpu) }
        return try body()
    }

    /// Runs the asynchronous `body`, adding its time (waiting included) to `phase`; no CPU time (the body may
    /// resume on another thread).
    func measure<T>(_ phase: String, _ body: () async throws -> T) async rethrows -> T {
        guard enabled else { return try await body() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { record(phase, since: start, cpu: nil) }
        return try await body()
    }

    /// The CPU time this thread has used.
    private static func threadCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private func record(_ phase: String, since start: UInt64, cpu: UInt64?) {
        let elapsed = DispatchTime.now().uptimeNanoseconds &- start
        let used = cpu.map { Self.threadCPU() &- $0 } ?? 0
        lock.withLock {
            let old = totals[phase] ?? (0, 0, 0)
            totals[phase] = (old.count + 1, old.nanoseconds + elapsed, old.cpu + used)
        }
    }

    /// One line per phase, the costliest in CPU first: "chat: analysis  4,000 × 3.10 ms = 12.4 s, CPU 0.80 ms = 3.2 s".
    func summary() -> String {
        let rows = lock.withLock { totals }.sorted { ($0.value.cpu, $0.value.nanoseconds) > ($1.value.cpu, $1.value.nanoseconds) }
        return rows.map { phase, total in
            let (seconds, cpu, count) = (Double(total.nanoseconds) / 1e9, Double(total.cpu) / 1e9, Double(max(1, total.count)))
            return phase.padding(toLength: 28, withPad: " ", startingAt: 0)
                + String(format: "%7d × %7.2f ms = %6.1f s, CPU %5.2f ms = %5.1f s", total.count, seconds * 1000 / count,
                         seconds, cpu * 1000 / count, cpu)
        }.joined(separator: "\n")
    }
}
