import Foundation
import NutriChat
import NutriLanguage
import NutriStore
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Chat latency by the size of the day

extension SpeedBenchmarks {
    /// Reply latency with 10, 100 and 1,000 entries already logged that day (issue 13: a message costs the same),
    /// over messages that log, report the day and undo, with a real journal file as pipe mode runs it.
    func chatLatencyByDaySize() {
        let analyzer = loadAnalyzer()
        guard let clock = Clock.parse("2026-11-21T12:30:00") else { return }
        let messages = ["a banana", "how am I doing today?", "2 slices of toast with butter for lunch", "a glass of water",
                        "how many calories do I have left?", "undo", "a cup of coffee with milk", "2 scrambled eggs"]
        for size in [10, 100, 1000] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            guard let journal = try? Journal(path: folder.appendingPathComponent("journal.sqlite").path) else {
                return print("skipped: cannot create a journal")
            }
            let conversation = Conversation(analyzer: analyzer, journal: journal, clock: { clock })
            _ = conversation.respond(to: "2 scrambled eggs and a slice of toast for breakfast")
            let logged = (try? journal.entries(on: clock.reference.isoDate)) ?? []
            var filler: [JournalEntry] = []
            while filler.count + logged.count < size {
                for var entry in logged where filler.count + logged.count < size {
                    entry.id = nil
                    filler.append(entry)
                }
            }
            _ = try? journal.addEntries(filler)
            for message in messages { _ = conversation.respond(to: message) }  // warm caches
            var times: [Double] = []
            for round in 0..<(messages.count * 12) {
                let start = Date()
                _ = conversation.respond(to: messages[round % messages.count])
                times.append(Date().timeIntervalSince(start) * 1000)
            }
            if ProcessInfo.processInfo.environment["BENCH_DETAIL"] != nil {
                for (index, message) in messages.enumerated() {
                    let mine = stride(from: index, to: times.count, by: messages.count).map { times[$0] }.sorted()
                    print(String(format: "  %@: median %.2f ms", message, mine[mine.count / 2]))
                }
            }
            let mean = times.reduce(0, +) / Double(times.count)
            times.sort()
            print(String(format: "chat: %4d entries that day, %d messages: mean %.2f ms, median %.2f ms, p90 %.2f ms, max %.2f ms",
                         size, times.count, mean, times[times.count / 2], times[times.count * 9 / 10], times.last ?? 0))
        }
    }
}

/// Reads lines from a pipe with a deadline (the child may be killed before it answers).
struct LineReaderState {
    let handle: FileHandle
    var buffer: [UInt8] = []

    init(handle: FileHandle) {
        self.handle = handle
    }

    mutating func nextLine(before deadline: Date) -> String? {
        let descriptor = handle.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining * 1000)) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
