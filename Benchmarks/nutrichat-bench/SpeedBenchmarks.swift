import Foundation
import NutriChat
import NutriLanguage
import NutriStore

/// Throughput and latency figures, measured on this machine in one process (or by spawning the release binary).
struct SpeedBenchmarks {
    let home: NutriHome
    let sharedData: URL
    let repository: URL
    let reference: ReferenceDate

    func run(_ what: String) {
        if what == "parse" || what == "all" { parseThroughput() }
        if what == "search" || what == "all" { searchLatency() }
        if what == "startup" || what == "all" { startup() }
        if what == "chat" || what == "all" {
            chatLatency()
            chatLatencyByDaySize()
        }
        if what == "report" || what == "all" { reportSpeed() }
        if what == "cold" || what == "all" { ColdJournalBenchmark(analyzer: loadAnalyzer()).run() }
    }

    /// Batch parse of the NutriBench natural file, food resolution included: a cold pass, then warm passes.
    func parseThroughput() {
        let file = sharedData.appendingPathComponent("nutribench-dev/wweia_natural_dev.csv")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return print("skipped: \(file.path) is absent") }
        let lines = CSVReader.rows(text).dropFirst().compactMap { $0.count > 1 ? $0[1] : nil }
        let loadStart = Date()
        let analyzer = loadAnalyzer()
        let load = Date().timeIntervalSince(loadStart)
        var output = 0
        let cold = Date()
        for line in lines { output += analyzer.analyze(line, reference: reference).jsonText.utf8.count }
        let coldSeconds = Date().timeIntervalSince(cold)
        let warm = Date()
        let passes = 3
        for _ in 0..<passes {
            for line in lines { output += analyzer.analyze(line, reference: reference).jsonText.utf8.count }
        }
        let warmSeconds = Date().timeIntervalSince(warm)
        print(String(format: "parse: %d lines; load %.0f ms; first pass %.0f lines/s; warm %.0f lines/s (JSON included, %d bytes)",
                     lines.count, load * 1000, Double(lines.count) / coldSeconds,
                     Double(lines.count * passes) / warmSeconds, output))
        // The same file as `nutrichat parse FILE` runs it: a fresh analyzer, blocks analysed on every core. Nine runs,
        // each with a fresh analyzer (a first pass every time), since one run of 0.2 s on a shared host varies by a
        // third; the median is reported with the range.
        var rates: [Double] = []
        for _ in 0..<9 {
            let fresh = loadAnalyzer()
            let parallel = Date()
            var produced = 0
            var start = 0
            while start < lines.count {
                let block = Array(lines[start..<min(start + 256, lines.count)])
                produced += fresh.jsonLines(block, reference: reference).count
                start += 256
            }
            rates.append(Double(produced) / Date().timeIntervalSince(parallel))
        }
        rates.sort()
        print(String(format: "parse: first pass on %d cores as `nutrichat parse FILE` runs it, %d runs: median %.0f lines/s (%.0f–%.0f; %d lines)",
                     ProcessInfo.processInfo.activeProcessorCount, rates.count, rates[rates.count / 2], rates[0],
                     rates[rates.count - 1], lines.count))
        // The whole process, start-up and exit included, as a person timing `nutrichat parse FILE` sees it.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-bench-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: copy) }
        guard (try? lines.joined(separator: "\n").write(to: copy, atomically: true, encoding: .utf8)) != nil,
              let seconds = timeRuns(5, "\(parseCommand) '\(copy.path)' > /dev/null") else { return }
        print(String(format: "parse: whole `nutrichat parse FILE` process, start-up included: %.0f ms, %.0f lines/s",
                     seconds * 1000, Double(lines.count) / seconds))
    }

    /// `foods search` latency per query after start-up, over everyday names.
    func searchLatency() {
        let analyzer = loadAnalyzer()
        let queries = ["banana", "oatmeal", "2% milk", "chicken breast", "coke", "big mac", "hard boiled egg", "grilled salmon",
                       "brown rice", "lentils", "baked potato", "cafe latte", "peanut butter", "greek yogurt", "cheddar cheese",
                       "orange juice", "french fries", "broccoli", "spaghetti with meat sauce", "chocolate chip cookie",
                       "turkey sandwich", "scrambled eggs", "avocado", "almonds", "sweet potato", "tofu", "quinoa",
                       "cottage cheese", "bagel with cream cheese", "beef jerky"]
        var times: [Double] = []
        for query in queries {
            let start = Date()
            _ = try? analyzer.services.resolver.candidates(for: query, limit: 10)
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        times.sort()
        print(String(format: "search: %d distinct queries, uncached: median %.2f ms, p90 %.2f ms, max %.2f ms",
                     times.count, times[times.count / 2], times[times.count * 9 / 10], times.last ?? 0))
    }

    /// Wall time of `nutrichat parse` for one line, spawning the release binary.
    func startup() {
        let runs = 30
        guard let seconds = timeRuns(runs, "echo '2 cups oatmeal and a banana for breakfast' | \(parseCommand) > /dev/null") else {
            return print("skipped: build the release binary first (swift build -c release)")
        }
        print(String(format: "startup: nutrichat parse, one line, from process start to exit: %.1f ms on average over %d runs",
                     seconds * 1000, runs))
    }

    /// The release binary's `parse` command line, with this benchmark's home and clock.
    private var parseCommand: String {
        let binary = repository.appendingPathComponent(".build/release/nutrichat")
        return "'\(binary.path)' parse --home '\(home.url.path)' --now 2026-11-21T12:00:00"
    }

    /// The mean wall time of `command` run `runs` times back to back by a shell, since Foundation's
    /// `Process.waitUntilExit` polls and would add its own delay to each; nil without a release binary.
    /// One untimed run goes first: the first run of a new build trains the intent model and stores it in the home's
    /// cache, which every later run reads.
    func timeRuns(_ runs: Int, _ command: String) -> Double? {
        let binary = repository.appendingPathComponent(".build/release/nutrichat")
        guard FileManager.default.isExecutableFile(atPath: binary.path), shell(command) != nil else { return nil }
        return shell("i=0; while [ $i -lt \(runs) ]; do \(command); i=$((i+1)); done").map { $0 / Double(runs) }
    }

    /// Seconds `/bin/sh -c script` took, or nil when it could not start.
    private func shell(_ script: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let start = Date()
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return Date().timeIntervalSince(start)
    }

    /// Reply latency of the conversation over 1,000 messages of every kind, with a real journal file (WAL, one
    /// transaction per change), as pipe mode runs it.
    func chatLatency() {
        let analyzer = loadAnalyzer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let journal = try? Journal(path: folder.appendingPathComponent("journal.sqlite").path),
              let clock = Clock.parse("2026-11-21T12:30:00") else { return print("skipped: cannot create a journal") }
        let conversation = Conversation(analyzer: analyzer, journal: journal, clock: { clock })
        let messages = [
            "2 scrambled eggs and a slice of toast for breakfast", "actually make that 3", "a banana", "undo",
            "I had rice for lunch", "1 cup", "a glass of water", "how much protein is in chicken breast?",
            "how am I doing today?", "what's the weather like?", "a can of coke and a big mac for dinner",
            "which has more iron, spinach or lentils?", "what did I eat today?", "thanks", "ran 5 km",
            "For my snack I had a cup of vanilla yogurt with a handful of almonds", "hello", "scratch that",
            "calories in 2 slices of white bread", "2 cups of oatmeal with blueberries",
        ]
        var times: [Double] = []
        for index in 0..<1000 {
            let start = Date()
            _ = conversation.respond(to: messages[index % messages.count])
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        let mean = times.reduce(0, +) / Double(times.count)
        times.sort()
        print(String(format: "chat: 1000 messages, reply latency mean %.2f ms, median %.2f ms, p99 %.2f ms, max %.2f ms",
                     mean, times[500], times[990], times.last ?? 0))
    }
}
