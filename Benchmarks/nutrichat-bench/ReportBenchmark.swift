import Foundation
import NutriChat
import NutriData
import NutriLanguage
import NutriStore

extension SpeedBenchmarks {
    /// `report --month --json` over a year of entries (365 days × 15): seeded through the journal's public API with
    /// real SR24 snapshots, then timed in process (tables loaded, month read, report worked out and serialised) and
    /// as the whole release process.
    func reportSpeed() {
        let analyzer = loadAnalyzer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-bench-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let journal = try? Journal(path: folder.appendingPathComponent("journal.sqlite").path) else {
            return print("skipped: cannot create a journal")
        }
        let meals = ["2 scrambled eggs and a slice of toast for breakfast", "a banana and a cup of coffee for breakfast",
                     "1 cup rice and grilled chicken breast for lunch", "a glass of milk and an apple for lunch",
                     "salmon with broccoli and a baked potato for dinner", "a cup of ice cream for dinner",
                     "a handful of almonds", "a cup of yogurt"]
        var templates: [JournalEntry] = []
        for text in meals {
            let analysis = analyzer.analyze(text, reference: reference)
            for item in analysis.items where item.match != nil {
                var nutrients: [String: Double] = [:]
                for (info, amount) in item.nutrients.entries { nutrients[info.key] = amount }
                templates.append(JournalEntry(date: "", meal: analysis.meal?.rawValue ?? "snack", text: item.mention.text,
                                              foodId: item.match?.food.id ?? "", foodName: item.match?.food.name ?? "",
                                              quantity: item.mention.amount.quantity, unit: item.mention.amount.unit,
                                              grams: item.portion?.grams ?? 100, nutrients: nutrients, createdAt: Date()))
            }
        }
        guard !templates.isEmpty else { return print("skipped: no foods resolved") }
        let seedStart = Date()
        for day in 0..<365 {
            let date = reference.isoDate(addingDays: day - 364)
            let entries = (0..<15).map { index -> JournalEntry in
                var entry = templates[(day + index) % templates.count]
                entry.date = date
                return entry
            }
            do {
                try journal.addEntries(entries)
                try journal.addWater(WaterRecord(date: date, milliliters: 1500, text: "water", createdAt: Date()))
            } catch { return print("skipped: seeding failed: \(UserMessage.describe(error))") }
        }
        print(String(format: "report: seeded 365 days × 15 entries (%d) in %.1f s", 365 * 15, Date().timeIntervalSince(seedStart)))
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<21 {
            let start = Date()
            do {
                let tables = try InsightTables.load(from: DataDirectory.bundled.lexicon)
                guard let period = Period.month(containing: reference.isoDate) else { return }
                let report = InsightReport.make(try tables.summary(period, today: reference.isoDate, journal: journal), tables: tables)
                bytes = report.json.serialized.utf8.count
            } catch { return print("skipped: \(UserMessage.describe(error))") }
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        if let tables = try? InsightTables.load(from: DataDirectory.bundled.lexicon), let period = Period.month(containing: reference.isoDate) {
            // Where the time goes, for one run: tables, the journal read, the report, the JSON text.
            let e0 = Date()
            let raw = (try? journal.entries(from: period.start, to: reference.isoDate))?.count ?? 0
            let e1 = Date()
            _ = try? journal.targetPlan(on: reference.isoDate)
            let e2 = Date()
            print(String(format: "report: entries alone %.1f ms (%d), target plan %.1f ms", e1.timeIntervalSince(e0) * 1000, raw,
                         e2.timeIntervalSince(e1) * 1000))
            let t0 = Date()
            _ = try? InsightTables.load(from: DataDirectory.bundled.lexicon)
            let t1 = Date()
            if let summary = try? tables.summary(period, today: reference.isoDate, journal: journal) {
                let t2 = Date()
                let report = InsightReport.make(summary, tables: tables)
                let t3 = Date()
                _ = report.json.serialized
                let t4 = Date()
                print(String(format: "report: one run: tables %.1f ms, journal read %.1f ms (%d entries), report %.1f ms, JSON %.1f ms",
                             t1.timeIntervalSince(t0) * 1000, t2.timeIntervalSince(t1) * 1000, summary.entries.count,
                             t3.timeIntervalSince(t2) * 1000, t4.timeIntervalSince(t3) * 1000))
            }
        }
        times.sort()
        print(String(format: "report: --month --json over a year of entries, in process (tables, read, report, JSON of %d bytes): "
                     + "median %.1f ms, max %.1f ms over %d runs", bytes, times[times.count / 2], times.last ?? 0, times.count))
        let binary = repository.appendingPathComponent(".build/release/nutrichat")
        let command = "'\(binary.path)' report --month --json --home '\(folder.path)' --now 2026-11-21T12:00:00 > /dev/null"
        if let seconds = timeRuns(20, command) {
            print(String(format: "report: the whole `nutrichat report --month --json` process, start-up included: %.1f ms on average over 20 runs",
                         seconds * 1000))
        }
    }
}
