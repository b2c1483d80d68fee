import Foundation
import GRDB
import NutriStore
import Testing
@testable import NutriChat

/// Issue 13 through the real executable: clean stdout, honest exit codes, read-only homes, damaged rows and journals,
/// private files, leftovers. Skipped when the executable has not been built.
@Suite("Trust on the command line", .serialized)
struct TrustCommandLineTests {
    typealias Home = CustomCommandLineTests.Home
    static let binary = CustomCommandLineTests.binary

    /// Control characters other than the line break (and the unsafe characters of `TextSafety`) in `text`.
    static func controls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0 != "\n" && TextSafety.isUnsafe($0) }
    }

    @Test(.enabled(if: binary != nil)) func stdoutNeverCarriesAControlCharacter() throws {
        let home = try Home()
        let hostile = ["\u{1B}c2 scrambled eggs for breakfast", "a banana \u{1B}]0;pwned\u{07}\u{1B}[2J for lunch",
                       "rice\u{202E}dlrow\u{85} for dinner", "\u{08}\u{08}how am I doing today?", "what did I eat today?\u{2028}"]
        let chat = try home.run(["chat"], input: hostile.joined(separator: "\n") + "\n")
        #expect(chat.status == 0)
        #expect(Self.controls(chat.out).isEmpty, "\(chat.out)")
        let json = try home.run(["chat", "--json"], input: hostile.joined(separator: "\n") + "\n")
        #expect(Self.controls(json.out).isEmpty)
        let diary = try home.run(["diary"])
        #expect(diary.status == 0 && Self.controls(diary.out).isEmpty)
        #expect(diary.out.contains("2 scrambled eggs"))
        let parse = try home.run(["parse"], input: hostile.joined(separator: "\n") + "\n")
        #expect(Self.controls(parse.out).isEmpty)
        // What an import could have brought in is refused by name; a row put there by hand is shown made visible.
        let queue = try DatabaseQueue(path: home.journal)
        try queue.write { db in
            try db.execute(sql: "UPDATE entry SET foodName = 'Egg' || char(27) || '[2J' WHERE id = 1")
        }
        try queue.close()
        let after = try home.run(["diary"])
        #expect(Self.controls(after.out).isEmpty && Self.controls(after.err).isEmpty)
    }

    @Test(.enabled(if: binary != nil)) func aDamagedRowIsNamedByDiaryChatAndExport() throws {
        let home = try Home()
        _ = try home.run(["chat"], input: "2 scrambled eggs for breakfast\na banana for lunch\n")
        let queue = try DatabaseQueue(path: home.journal)
        try queue.write { db in
            try db.execute(sql: "UPDATE entry SET nutrients = '{\"energy_kcal\": 1e999}' WHERE id = 1")
        }
        try queue.close()
        let diary = try home.run(["diary"])
        #expect(diary.status == 0)
        #expect(diary.out.contains("banana") && !diary.out.contains("egg"))
        #expect(diary.err.contains("journal entry row 1 (2026-11-21) is damaged and left out"))
        let chat = try home.run(["chat"], input: "how am I doing today?\n")
        #expect(chat.status == 0 && !chat.out.contains("Not saved"))
        #expect(chat.err.contains("journal entry row 1"))
        let target = home.url.appendingPathComponent("out.sqlite").path
        let export = try home.run(["export", target])
        #expect(export.status == 0 && export.err.contains("journal entry row 1"))
        let reimport = try home.run(["import", target, "--yes"])
        #expect(reimport.status != 0 && reimport.err.contains("entry row 1"))
    }

    @Test(.enabled(if: binary != nil)) func aDamagedRowOfEveryKindIsNamedByDiaryChatAndExport() throws {
        let home = try Home()
        let setUp = ["I weigh 70 kg", "ran for 30 minutes", "set my protein goal to 120 g", "I'm allergic to peanuts",
                     "2 scrambled eggs for breakfast", "a glass of water", "I am 40 years old"]
        #expect(try home.run(["chat"], input: setUp.joined(separator: "\n") + "\n").status == 0)
        let queue = try DatabaseQueue(path: home.journal)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: """
                UPDATE weight SET kilograms = 9e9; UPDATE exercise SET createdAt = 'x'; UPDATE goal SET amount = 'lots';
                UPDATE preference SET kind = 'hatred'; UPDATE profile SET age = 400; UPDATE water SET milliliters = 1e999;
                UPDATE mealSlot SET position = 'first' WHERE name = 'lunch'
                """)
        }
        try queue.close()
        let named = ["weight row 1", "exercise row 1", "goal row 1", "profile row 1", "water row 1", "mealSlot row 3"]
        let diary = try home.run(["diary"])
        #expect(diary.status == 0 && diary.out.contains("scrambled eggs"), "\(diary.err)")
        for row in named { #expect(diary.err.contains("journal \(row)"), "\(row): \(diary.err)") }
        let chat = try home.run(["chat"], input: "how am I doing today?\na slice of toast for lunch\n")
        #expect(chat.status == 0 && chat.out.contains("Logged") && !chat.out.contains("Sorry"), "\(chat.out)")
        for row in named { #expect(chat.err.contains("journal \(row)"), "\(row): \(chat.err)") }
        let target = home.url.appendingPathComponent("out.json").path
        let export = try home.run(["export", target, "--format", "json"])
        #expect(export.status == 0)
        for row in named + ["preference row 1"] { #expect(export.err.contains("journal \(row)"), "\(row)") }
        #expect(Self.controls(diary.err + chat.err + export.err).isEmpty)
    }

    @Test(.enabled(if: binary != nil)) func aDamagedJournalStopsChatWithWhatToDo() throws {
        let home = try Home()
        _ = try home.run(["chat"], input: "2 scrambled eggs for breakfast\n")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: home.journal))
        let pageSize = 4096
        for index in (pageSize + 100)..<bytes.count where index % pageSize > 100 { bytes[index] = UInt8(truncatingIfNeeded: index &* 37) }
        try bytes.write(to: URL(fileURLWithPath: home.journal))
        let chat = try home.run(["chat"], input: "a banana for lunch\nan apple\nhow am I doing today?\n")
        #expect(chat.status != 0)
        #expect(!chat.out.contains("Sorry") && !chat.err.contains("Sorry"))
        #expect(chat.out.split(separator: "\n").count <= 1, "\(chat.out)")
        #expect((chat.out + chat.err).contains("damaged"))
        #expect((chat.out + chat.err).contains("nutrichat import"))
    }

    @Test(.enabled(if: binary != nil)) func pipeChatExitsNonZeroWhenAMessageIsNotSaved() throws {
        let home = try Home()
        _ = try home.run(["chat"], input: "2 scrambled eggs for breakfast\n")
        // A trigger that fails every insert: the disk-full case without filling a disk.
        let queue = try DatabaseQueue(path: home.journal)
        try queue.write { db in
            try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON entry BEGIN SELECT RAISE(ABORT, 'disk is full'); END")
        }
        try queue.close()
        let chat = try home.run(["chat"], input: "a banana for lunch\nhow am I doing today?\n")
        #expect(chat.status == 1)
        let lines = chat.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Not saved:") == true)
        #expect(lines.last?.hasPrefix("Not saved") == false)
    }

    @Test(.enabled(if: binary != nil)) func readingCommandsWorkInAReadOnlyHome() throws {
        let home = try Home()
        _ = try home.run(["chat"], input: "2 scrambled eggs for breakfast\n")
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: home.url.path) where name.hasPrefix("journal.sqlite-") {
            try manager.removeItem(at: home.url.appendingPathComponent(name))
        }
        for name in try manager.contentsOfDirectory(atPath: home.url.path) {
            try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: home.url.appendingPathComponent(name).path)
        }
        let before = try manager.contentsOfDirectory(atPath: home.url.path).sorted()
        try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: home.url.path)
        defer { try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.url.path) }
        let out = manager.temporaryDirectory.appendingPathComponent("trust-export-\(UUID().uuidString).sqlite")
        defer { try? manager.removeItem(at: out) }
        // Root ignores file modes: run as nobody then, so the home really is read-only to the program.
        let asUser: [String] = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let diary = try home.run(asUser, ["diary"])
        #expect(diary.status == 0 && diary.out.contains("scrambled eggs"), "\(diary.err)")
        let export = try home.run(asUser, ["export", out.path])
        #expect(export.status == 0, "\(export.err)")
        let parse = try home.run(asUser, ["parse"], input: "a banana\n")
        #expect(parse.status == 0 && parse.err.isEmpty && parse.out.contains("\"grams\":118"), "\(parse.err)")
        #expect(try manager.contentsOfDirectory(atPath: home.url.path).sorted() == before)
        #expect(!before.contains { $0.hasPrefix("journal.sqlite-") })
    }

    @Test(.enabled(if: binary != nil)) func filesArePrivateAndLeftoversAreSwept() throws {
        let template = try Home()
        let dead: Int32 = {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/true")
            try? child.run()
            child.waitUntilExit()
            return child.processIdentifier
        }()
        for name in [".import-\(dead)-12345678.sqlite", ".foods.sqlite.\(dead).tmp", ".nutrichat-export-\(dead)-12345678.partial"] {
            try Data("x".utf8).write(to: template.url.appendingPathComponent(name))
        }
        // An export killed while writing into another folder: its work there, and the note in the home.
        let elsewhere = template.url.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let work = elsewhere.appendingPathComponent(".nutrichat-export-\(dead)-abcdef12.partial")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try Data("id\n".utf8).write(to: work.appendingPathComponent("entry.csv"))
        try Data(work.path.utf8).write(to: template.url.appendingPathComponent(".nutrichat-export-\(dead)-abcdef12.where"))
        let chat = try template.run(["chat"], input: "2 scrambled eggs for breakfast\n")
        #expect(chat.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: template.url.path)
        #expect(!names.contains { $0.hasPrefix(".import-") || $0.hasPrefix(".foods.sqlite.") || $0.hasPrefix(".nutrichat-export-") },
                "\(names)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        func mode(_ path: String) throws -> Int { try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1 }
        #expect(try mode(template.journal) == 0o600)
        let target = template.url.appendingPathComponent("export.json").path
        #expect(try template.run(["export", target, "--format", "json"]).status == 0)
        #expect(try mode(target) == 0o600)
    }
}

extension CustomCommandLineTests.Home {
    /// Runs the executable through `prefix` (e.g. `setpriv` to drop root), as `run` does.
    func run(_ prefix: [String], _ arguments: [String], input: String = "") throws -> (status: Int32, out: String, err: String) {
        guard !prefix.isEmpty else { return try run(arguments, input: input) }
        guard let binary = CustomCommandLineTests.binary else { throw UserFacingError("no nutrichat binary") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: prefix[0])
        process.arguments = Array(prefix.dropFirst()) + [binary.path] + arguments
            + ["--home", url.path, "--now", "2026-11-21T12:30:00", "--no-color"]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
