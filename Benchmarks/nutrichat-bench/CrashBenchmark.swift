import Foundation
import NutriChat
import NutriStore
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Crash safety

/// `nutrichat-bench crash [--trials N]`: `kill -9` at random moments of chat, import, export and install, run on the
/// release binary over a scratch copy of the home. After each trial: no acknowledged entry lost (every "Logged"
/// reply is in the journal), the journal passes its integrity check and holds either the old or the new data, an
/// export is either absent or complete, the food database opens; after the run, no leftover work files (in the home
/// or in the exports' folder) once NutriChat has started again.
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
        // Exports go outside the home, as a person's usually do: only the note in the home leads back to them.
        let exports = scratch.deletingLastPathComponent().appendingPathComponent("nutrichat-crash-exports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: exports) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: home.foodsDatabase, to: scratch.appendingPathComponent("foods.sqlite"))
        } catch {
            return print("skipped: cannot prepare a scratch home (\(error))")
        }
        var tally = Tally()
        let started = Date()
        let chatTrials = trials / 2, importTrials = trials / 5, exportTrials = trials * 15 / 100
        let installTrials = trials - chatTrials - importTrials - exportTrials
        // One start-up run to the end first: it caches the trained intent model, which a chat killed within its first
        // second on a busy machine would otherwise never get to write, and no trial would ever log anything.
        _ = runToEnd(["parse"], home: scratch, input: "")
        for _ in 0..<chatTrials { chatTrial(scratch, &tally) }
        for index in 0..<exportTrials { exportTrial(scratch, into: exports, index: index, &tally) }
        let export = scratch.deletingLastPathComponent().appendingPathComponent("crash-export-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: export) }
        _ = runToEnd(["export", export.path], home: scratch)
        for index in 0..<importTrials { importTrial(scratch, export: export, index: index, &tally) }
        for _ in 0..<installTrials { installTrial(scratch, &tally) }
        _ = runToEnd(["parse"], home: scratch, input: "")  // a start-up sweeps what interrupted runs left
        tally.leftovers = leftovers(in: scratch) + leftovers(in: exports)
        print(String(format: "crash: %d kill -9 trials (%d chat, %d import, %d export, %d install; %d imports/exports/installs killed mid-way, %d left work files) in %.0f s: %d acknowledged entries, %d lost; %d bad journals; %d incomplete exports; %d unreadable food databases; %d leftover files after the next start-up",
                     tally.trials, chatTrials, importTrials, exportTrials, installTrials, tally.interrupted, tally.leftBehind,
                     Date().timeIntervalSince(started), tally.acknowledged, tally.lost, tally.badJournals, tally.badExports,
                     tally.badFoods, tally.leftovers.count))
        if !tally.leftovers.isEmpty { print("crash: leftovers: \(tally.leftovers.joined(separator: ", "))") }
        if tally.lost > 0 || tally.badJournals > 0 || tally.badExports > 0 || tally.badFoods > 0 || !tally.leftovers.isEmpty {
            exit(1)
        }
    }

    struct Tally {
        var trials = 0
        var acknowledged = 0
        var lost = 0
        var badJournals = 0
        var badFoods = 0
        /// Exports found under their requested name but not complete.
        var badExports = 0
        var leftovers: [String] = []
        /// Imports, exports and installs still running when killed.
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

    /// An export killed at a random moment leaves either nothing or a complete export under the requested name;
    /// its work in progress is removed by the next export into that folder or the next start-up.
    private func exportTrial(_ scratch: URL, into folder: URL, index: Int, _ tally: inout Tally) {
        tally.trials += 1
        let format = ["sqlite", "csv", "json"][index % 3]
        let destination = folder.appendingPathComponent("export-\(index).\(format)")
        let (process, _, _) = start(["export", destination.path, "--format", format], home: scratch)
        usleep(useconds_t.random(in: 0...150_000))
        if process.isRunning { tally.interrupted += 1 }
        kill(process.processIdentifier, SIGKILL)
        reap(process)
        if !(leftovers(in: folder) + leftovers(in: scratch)).isEmpty { tally.leftBehind += 1 }
        if FileManager.default.fileExists(atPath: destination.path), !isComplete(destination, format: format) {
            tally.badExports += 1
        }
    }

    /// Whether an export opens as what its format promises: a sound journal copy, a JSON document with every
    /// table, or a folder of CSV files each ending in a full line.
    private func isComplete(_ export: URL, format: String) -> Bool {
        switch format {
        case "sqlite":
            guard let copy = try? Journal.openForReading(path: export.path) else { return false }
            return (try? copy.integrityCheck()) == "ok" && (try? copy.entryCount()) != nil
        case "json":
            guard let data = try? Data(contentsOf: export),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
            return (object["tables"] as? [String: Any])?["entry"] != nil
        default:
            let names = (try? FileManager.default.contentsOfDirectory(atPath: export.path)) ?? []
            return names.contains("entry.csv") && names.allSatisfy { name in
                (try? Data(contentsOf: export.appendingPathComponent(name)))?.last == 0x0A
            }
        }
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
        return names.filter {
            $0.hasPrefix(".import-") || $0.hasPrefix(".nutrichat-export-") || ($0.hasPrefix(".foods.sqlite.") && $0.hasSuffix(".tmp"))
        }.sorted()
    }
}
