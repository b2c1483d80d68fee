import Foundation
import NutriChat
import NutriServer
import NutriStore

/// `speed cold`: what one request costs the server for an account whose journal is not open, in process and without
/// HTTP: open a journal (a copy of a freshly migrated one, as a new account's), answer, close. The server's load
/// bench picks accounts at random among thousands, so nearly every request pays this; the closed loop's requests/s
/// swing with the host, while the CPU time per request measured here is steadier, for side-by-side comparisons.
/// Each kind runs over its own `rounds` journals; prints wall and CPU milliseconds per request (median of three passes).
struct ColdJournalBenchmark {
    let analyzer: MealAnalyzer
    var rounds = 300

    func run() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-cold-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let clock = Clock.parse(ServeBenchmark.now) else { return print("skipped: bad clock") }
        let template = folder.appendingPathComponent("template/journal.sqlite")
        do { _ = try ServerJournalOptions.openJournal(path: template.path) } catch { return print("skipped: \(error)") }
        let chat = { (message: String) -> (String, (Journal) throws -> Void) in
            ("chat: " + message, { journal in _ = Conversation(analyzer: analyzer, journal: journal, clock: { clock }).respond(to: message) })
        }
        let kinds: [(String, (Journal) throws -> Void)] = [
            chat("a banana"), chat("2 eggs and toast for breakfast"), chat("how many calories today"),
            ("diary", { journal in _ = try DiaryDay.load(date: clock.reference.isoDate, journal: journal).json.serialized }),
            ("open and close only", { _ in }),
        ]
        let files = (try? FileManager.default.contentsOfDirectory(atPath: template.deletingLastPathComponent().path)) ?? []
        var serial = 0
        for (name, body) in kinds {
            var passes: [(wall: Double, cpu: Double)] = []
            for _ in 0..<3 {
                var paths: [String] = []
                for _ in 0..<rounds {
                    serial += 1
                    let place = folder.appendingPathComponent("j\(serial)", isDirectory: true)
                    try? FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
                    for file in files {
                        try? FileManager.default.copyItem(at: template.deletingLastPathComponent().appendingPathComponent(file),
                                                          to: place.appendingPathComponent(file))
                    }
                    paths.append(place.appendingPathComponent("journal.sqlite").path)
                }
                let (wall, cpu) = (Date(), Self.processCPU())
                for path in paths {
                    guard let journal = try? ServerJournalOptions.openJournal(path: path) else { continue }
                    try? body(journal)
                }
                passes.append((Date().timeIntervalSince(wall) * 1000 / Double(rounds), (Self.processCPU() - cpu) * 1000 / Double(rounds)))
            }
            let wall = passes.map(\.wall).sorted()[1], cpu = passes.map(\.cpu).sorted()[1]
            print(String(format: "cold %@: %.2f ms wall, %.2f ms CPU a request (median of 3 passes of %d journals)",
                         name, wall, cpu, rounds))
        }
    }

    /// User and system CPU seconds of this process so far.
    static func processCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
