import Foundation
import Testing
@testable import NutriStore

/// Issue 13: an interrupted export leaves work named after its process, which the next start-up (through the note
/// in the home) or the next export into the same folder removes once that process is gone.
@Suite("Interrupted exports are swept")
struct ExportLeftoverTests {
    /// The id of a process that has exited.
    static func deadProcess() throws -> Int32 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }

    @Test func theNoteInTheHomeLeadsTheNextStartUpToTheWork() throws {
        let (home, journal) = try TransferHome.make()
        defer { home.remove() }
        let dead = try Self.deadProcess()
        let mine = ProcessInfo.processInfo.processIdentifier
        let out = home.folder.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let fileManager = FileManager.default
        func write(_ text: String, _ url: URL) throws { try Data(text.utf8).write(to: url) }
        // A dead process's sqlite work with its journal companion, and its note in the home.
        let work = out.appendingPathComponent(".nutrichat-export-\(dead)-abcd1234.partial")
        try write("half", work)
        try write("j", URL(fileURLWithPath: work.path + "-journal"))
        try write(work.path, home.folder.appendingPathComponent(".nutrichat-export-\(dead)-abcd1234.where"))
        // A note that points anywhere else removes nothing but itself.
        let precious = out.appendingPathComponent("precious.txt")
        try write("keep", precious)
        try write(precious.path, home.folder.appendingPathComponent(".nutrichat-export-\(dead)-99999999.where"))
        // A running export's work and note stay.
        let running = out.appendingPathComponent(".nutrichat-export-\(mine)-12345678.partial")
        try write("in progress", running)
        try write(running.path, home.folder.appendingPathComponent(".nutrichat-export-\(mine)-12345678.where"))

        let removed = Leftovers.sweep(home.folder)
        #expect(removed.contains(work.path) && removed.contains(work.path + "-journal"))
        #expect(!fileManager.fileExists(atPath: work.path) && !fileManager.fileExists(atPath: work.path + "-journal"))
        #expect(fileManager.fileExists(atPath: precious.path) && fileManager.fileExists(atPath: running.path))
        let notes = try fileManager.contentsOfDirectory(atPath: home.folder.path).filter { $0.hasSuffix(".where") }
        #expect(notes == [".nutrichat-export-\(mine)-12345678.where"])

        // Work without a note (a read-only home could not take one) goes with the next export into its folder.
        let csvWork = out.appendingPathComponent(".nutrichat-export-\(dead)-ffff0000.partial")
        try fileManager.createDirectory(at: csvWork, withIntermediateDirectories: false)
        try write("id\n", csvWork.appendingPathComponent("entry.csv"))
        _ = try journal.export(to: out.appendingPathComponent("journal.json"), format: .json, home: home.folder)
        #expect(!fileManager.fileExists(atPath: csvWork.path))
        #expect(fileManager.fileExists(atPath: running.path))
        let left = try fileManager.contentsOfDirectory(atPath: out.path).sorted()
        #expect(left == [running.lastPathComponent, "journal.json", "precious.txt"])
        // The finished export left no note behind.
        #expect(try fileManager.contentsOfDirectory(atPath: home.folder.path).filter { $0.hasSuffix(".where") }.count == 1)
    }

    @Test func exportWorkIsNamedAfterItsProcess() {
        let name = Leftovers.exportWorkName()
        #expect(name.hasPrefix(".nutrichat-export-\(ProcessInfo.processInfo.processIdentifier)-") && name.hasSuffix(".partial"))
        #expect(Leftovers.owner(of: name) == ProcessInfo.processInfo.processIdentifier)
        #expect(Leftovers.owner(of: ".nutrichat-export-12-abcd.partial-journal") == 12)
        #expect(Leftovers.owner(of: ".nutrichat-export-notes.partial") == nil)
        #expect(Leftovers.owner(of: "nutrichat-export-12-abcd.partial") == nil)
    }
}
