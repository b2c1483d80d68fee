import Foundation
import NutriChat
import NutriLanguage

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
    }

    /// Batch parse of the NutriBench natural file, food resolution included: a cold pass, then warm passes.
    func parseThroughput() {
        let file = sharedData.appendingPathComponent("nutribench-dev/wweia_natural_dev.csv")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return print("skipped: \(file.path) is absent") }
        let lines = CSV.parse(text).dropFirst().compactMap { $0.count > 1 ? $0[1] : nil }
        let loadStart = Date()
        let analyzer = loadAnalyzer()
        let load = Date().timeIntervalSince(loadStart)
        var output = 0
        let cold = Date()
        for line in lines { output += analyzer.analyze(line, reference: reference).json.serialized.utf8.count }
        let coldSeconds = Date().timeIntervalSince(cold)
        let warm = Date()
        let passes = 3
        for _ in 0..<passes {
            for line in lines { output += analyzer.analyze(line, reference: reference).json.serialized.utf8.count }
        }
        let warmSeconds = Date().timeIntervalSince(warm)
        print(String(format: "parse: %d lines; load %.0f ms; first pass %.0f lines/s; warm %.0f lines/s (JSON included, %d bytes)",
                     lines.count, load * 1000, Double(lines.count) / coldSeconds,
                     Double(lines.count * passes) / warmSeconds, output))
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
        let binary = repository.appendingPathComponent(".build/release/nutrichat")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return print("skipped: build the release binary first (swift build -c release)")
        }
        var times: [Double] = []
        for _ in 0..<15 {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["parse", "--home", home.url.path, "--now", "2026-11-21T12:00:00"]
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            let start = Date()
            try? process.run()
            input.fileHandleForWriting.write(Data("2 cups oatmeal and a banana for breakfast\n".utf8))
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        times.sort()
        print(String(format: "startup: nutrichat parse, one line: median %.1f ms, min %.1f ms, max %.1f ms (15 runs)",
                     times[times.count / 2], times.first ?? 0, times.last ?? 0))
    }
}
