import Foundation
import Testing
@testable import NutriStore

/// Two writers on one journal file: WAL plus a busy timeout make the second wait, never fail, and nothing is lost.
@Suite("Concurrent logging")
struct ConcurrencyTests {
    static let perWriter = 200

    @Test(.timeLimit(.minutes(10)))
    func twoJournalsOnOneFileFromTwoThreads() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let journals = [try Journal(path: path), try Journal(path: path)]
        let failures = FailureLog()
        DispatchQueue.concurrentPerform(iterations: journals.count) { writer in
            for index in 0..<Self.perWriter {
                do {
                    let entry = MealSlotSamples.entry(date: "2026-11-21", meal: "lunch", text: "writer \(writer) item \(index)")
                    try journals[writer].addEntries([entry])
                } catch {
                    failures.append("writer \(writer) item \(index): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        let check = try Journal(path: path)
        #expect(try check.entryCount() == 2 * Self.perWriter)
        #expect(try check.integrityCheck() == "ok")
        let texts = Set(try check.entries(on: "2026-11-21").map(\.text))
        #expect(texts.count == 2 * Self.perWriter)
    }

    /// Two programs started at once on a new home both create and migrate the journal: `Journal.init` retries the
    /// migration when the other opener won the race, so neither fails.
    @Test(.timeLimit(.minutes(10)))
    func twoJournalsCreatingOneFileAtOnce() throws {
        for _ in 0..<20 {
            let folder = try Fixtures.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("journal.sqlite").path
            let failures = FailureLog()
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                do { _ = try Journal(path: path) } catch { failures.append("\(error)") }
            }
            #expect(failures.all.isEmpty, "\(failures.all.prefix(2))")
            #expect(try Journal(path: path).mealSlots().count == JournalSchema.defaultMealSlots.count)
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func exportWhileAnotherConnectionWritesIsConsistent() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let writer = try Journal(path: path)
        let exporter = try Journal(path: path)
        let failures = FailureLog()
        var exported: [ExportSummary] = []
        DispatchQueue.concurrentPerform(iterations: 2) { role in
            do {
                if role == 0 {
                    for index in 0..<Self.perWriter {
                        try writer.addEntries([MealSlotSamples.entry(date: "2026-11-21", meal: "lunch", text: "item \(index)")])
                    }
                } else {
                    var summaries: [ExportSummary] = []
                    for index in 0..<5 {
                        let file = folder.appendingPathComponent("export-\(index).sqlite")
                        summaries.append(try exporter.export(to: file, format: .sqlite))
                    }
                    failures.withLock { exported = summaries }
                }
            } catch {
                failures.append("role \(role): \(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        #expect(exported.count == 5)
        for summary in exported {
            #expect((0...Self.perWriter).contains(summary.entryCount))
            let copy = try Journal(path: summary.destination.path)
            #expect(try copy.integrityCheck() == "ok")
            #expect(try copy.entryCount() == summary.entryCount)
        }
    }

    /// The acceptance test: two `nutrichat chat` processes in pipe mode, 200 "a banana" each, on one home.
    /// Skipped when the `nutrichat` executable has not been built next to the tests.
    @Test(.enabled(if: NutriChatBinary.url != nil, "the nutrichat executable is not built"), .timeLimit(.minutes(10)))
    func twoProcessesLogAtOnce() throws {
        let binary = try #require(NutriChatBinary.url)
        let home = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try Fixtures.buildDatabase(in: home)
        let journalPath = home.appendingPathComponent("journal.sqlite").path
        // The journal exists already, as after a person's first run; both processes then only log.
        _ = try Journal(path: journalPath)

        let input = String(repeating: "a banana\n", count: Self.perWriter)
        let arguments = ["chat", "--home", home.path, "--now", "2026-11-21T08:30:00", "--no-color"]
        let runs = try (0..<2).map { _ in try ChildProcess(binary, arguments: arguments) }
        for run in runs { run.send(input) }
        for (index, run) in runs.enumerated() {
            let result = run.finish()
            #expect(result.status == 0, "process \(index) failed: \(result.stderr.prefix(300))")
            let logged = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Logged for breakfast: a banana") }
            #expect(logged.count == Self.perWriter, "process \(index): \(result.stdout.suffix(300)) \(result.stderr.prefix(300))")
        }
        let journal = try Journal(path: journalPath)
        #expect(try journal.entryCount() == 2 * Self.perWriter)
        #expect(try journal.entries(on: "2026-11-21").allSatisfy { $0.foodId == "usda:09040" && $0.grams == 118 })
        #expect(try journal.integrityCheck() == "ok")
    }
}

/// Errors collected from several threads.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: String) {
        withLock { messages.append(message) }
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    var all: [String] { withLock { messages } }
}
