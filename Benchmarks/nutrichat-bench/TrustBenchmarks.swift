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

// MARK: - Crash safety

/// `nutrichat-bench crash [--trials N]`: `kill -9` at random moments of chat, import and install, run on the
/// release binary over a scratch copy of the home. After each trial: no acknowledged entry lost (every "Logged"
/// reply is in the journal), the journal passes its integrity check and holds either the old or the new data, the
/// food database opens; after the run, no leftover work files once NutriChat has started again.
struct CrashBenchmark {
    let home: NutriHome
    let repository: URL
    let trials: Int

    private var binary: URL { repository.appendingPathComponent(".build/release/nutrichat") }
    private var fixture: URL { repository.appendingPathComponent("Tests/Fixtures/sr24") }

    func run() {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return print("skipped: build the release binary first (swift build -c release)")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: home.foodsDatabase, to: scratch.appendingPathComponent("foods.sqlite"))
        } catch {
            return print("skipped: cannot prepare a scratch home (\(error))")
        }
        var tally = Tally()
        let started = Date()
        let chatTrials = trials * 6 / 10, importTrials = trials * 25 / 100, installTrials = trials - chatTrials - importTrials
        for _ in 0..<chatTrials { chatTrial(scratch, &tally) }
        let export = scratch.deletingLastPathComponent().appendingPathComponent("crash-export-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: export) }
        _ = runToEnd(["export", export.path], home: scratch)
        for index in 0..<importTrials { importTrial(scratch, export: export, index: index, &tally) }
        for _ in 0..<installTrials { installTrial(scratch, &tally) }
        _ = runToEnd(["parse"], home: scratch, input: "")  // a start-up sweeps what interrupted runs left
        tally.leftovers = leftovers(in: scratch)
        print(String(format: "crash: %d kill -9 trials (%d chat, %d import, %d install; %d imports/installs killed mid-way, %d left work files) in %.0f s: %d acknowledged entries, %d lost; %d bad journals; %d unreadable food databases; %d leftover files after the next start-up",
                     tally.trials, chatTrials, importTrials, installTrials, tally.interrupted, tally.leftBehind,
                     Date().timeIntervalSince(started), tally.acknowledged, tally.lost, tally.badJournals, tally.badFoods,
                     tally.leftovers.count))
        if !tally.leftovers.isEmpty { print("crash: leftovers: \(tally.leftovers.joined(separator: ", "))") }
        if tally.lost > 0 || tally.badJournals > 0 || tally.badFoods > 0 || !tally.leftovers.isEmpty { exit(1) }
    }

    struct Tally {
        var trials = 0
        var acknowledged = 0
        var lost = 0
        var badJournals = 0
        var badFoods = 0
        var leftovers: [String] = []
        /// Imports and installs still running when killed.
        var interrupted = 0
        /// Trials after which work files were left for the next start-up to remove.
        var leftBehind = 0
    }

    // MARK: Trials

    /// Messages go in one at a time; each "Logged …" reply read back is an acknowledgement. A kill lands at a random
    /// moment, often in the middle of a write.
    private func chatTrial(_ scratch: URL, _ tally: inout Tally) {
        tally.trials += 1
        let before = entryCount(scratch) ?? 0
        let (process, stdin, stdout) = start(["chat"], home: scratch)
        let killAfter = Double.random(in: 0.05...1.2)
        let deadline = Date().addingTimeInterval(killAfter)
        var acknowledged = 0
        var reader = LineReaderState(handle: stdout.fileHandleForReading)
        let messages = ["a banana", "2 scrambled eggs for breakfast", "a slice of toast", "a cup of rice for lunch", "an apple"]
        var index = 0
        while Date() < deadline, process.isRunning {
            stdin.fileHandleForWriting.write(Data((messages[index % messages.count] + "\n").utf8))
            index += 1
            guard let line = reader.nextLine(before: deadline) else { break }
            if line.hasPrefix("Logged") { acknowledged += 1 }
        }
        kill(process.processIdentifier, SIGKILL)
        reap(process)
        tally.acknowledged += acknowledged
        guard let after = entryCount(scratch) else { tally.badJournals += 1; return }
        tally.lost += max(0, before + acknowledged - after)
    }

    /// An import killed at a random moment leaves the journal either as it was or fully imported.
    private func importTrial(_ scratch: URL, export: URL, index: Int, _ tally: inout Tally) {
        tally.trials += 1
        let before = entryCount(scratch) ?? -1
        let exported = entryCount(atPath: export.path) ?? -2
        let (process, _, _) = start(["import", export.path, "--yes"], home: scratch)
        usleep(useconds_t.random(in: 0...400_000))
        let finished = !process.isRunning && process.terminationStatus == 0
        if process.isRunning { tally.interrupted += 1 }
        kill(process.processIdentifier, SIGKILL)
        reap(process)
        if !leftovers(in: scratch).isEmpty { tally.leftBehind += 1 }
        guard let after = entryCount(scratch), after == exported || (!finished && after == before) else {
            tally.badJournals += 1
            return
        }
        if index % 5 == 4 { _ = runToEnd(["chat"], home: scratch, input: "a banana\n") }  // the journal still takes entries
    }

    /// An install killed at a random moment leaves a food database that opens and matches its checksum.
    private func installTrial(_ scratch: URL, _ tally: inout Tally) {
        tally.trials += 1
        let (process, _, _) = start(["data", "install", "--from", fixture.path], home: scratch)
        usleep(useconds_t.random(in: 0...1_500_000))
        if process.isRunning { tally.interrupted += 1 }
        kill(process.processIdentifier, SIGKILL)
        reap(process)
        if !leftovers(in: scratch).isEmpty { tally.leftBehind += 1 }
        if (try? FoodDatabase(path: scratch.appendingPathComponent("foods.sqlite").path)) == nil { tally.badFoods += 1 }
    }

    // MARK: Helpers

    private func start(_ arguments: [String], home: URL) -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + ["--home", home.path, "--now", "2026-11-21T12:30:00"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try? process.run()
        return (process, stdin, stdout)
    }

    /// Waits for a killed child. Foundation's `waitUntilExit` can miss the exit of a child killed right after it
    /// started and wait forever, so the child is reaped here directly (or seen reaped by Foundation).
    private func reap(_ process: Process) {
        let pid = process.processIdentifier
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) || !process.isRunning { return }
            usleep(1_000)
        }
    }

    private func runToEnd(_ arguments: [String], home: URL, input: String = "") -> Int32 {
        let (process, stdin, stdout) = start(arguments, home: home)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        _ = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func entryCount(_ home: URL) -> Int? {
        entryCount(atPath: home.appendingPathComponent("journal.sqlite").path)
    }

    /// Entries in a journal file that passes its integrity check, or nil.
    private func entryCount(atPath path: String) -> Int? {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        guard let journal = try? Journal(path: path), (try? journal.integrityCheck()) == "ok" else { return nil }
        return try? journal.entryCount()
    }

    private func leftovers(in home: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
        return names.filter { $0.hasPrefix(".import-") || ($0.hasPrefix(".foods.sqlite.") && $0.hasSuffix(".tmp")) }.sorted()
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
