import Foundation
import Testing
@testable import NutriStore

/// A single-connection journal (the server's) keeps its custom foods' fingerprint while nothing was committed, and
/// reads it again after any commit: its own, or another connection's on the same file (another process).
@Suite("Kept custom-food fingerprint")
struct KeptFingerprintTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000)

    static func food(_ name: String, kcal: Double = 200) -> CustomFoodRecord {
        CustomFoodRecord(name: name, servingQuantity: 1, servingUnit: "bar", servingGrams: 50,
                         nutrients: ["energy_kcal": kcal], createdAt: created)
    }

    @Test func anotherConnectionsCommitChangesTheFingerprint() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let server = try Journal(path: path, singleConnection: true)
        let empty = try server.userFoodsFingerprint()
        #expect(try server.userFoodsFingerprint() == empty, "asked twice with nothing committed between")
        let other = try Journal(path: path)
        var bar = try other.addCustomFood(Self.food("Protein bar"))
        let added = try server.userFoodsFingerprint()
        #expect(added != empty, "a food added by another connection shows")
        #expect(added == (try other.userFoodsFingerprint()))
        bar.nutrients["energy_kcal"] = 250
        _ = try other.updateCustomFood(bar, at: Self.created.addingTimeInterval(60))
        #expect(try server.userFoodsFingerprint() != added, "an edit by another connection shows")
        #expect(try server.userFoodsFingerprint() == other.userFoodsFingerprint())
    }

    @Test func itsOwnCommitsAndOtherTablesAreTold() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let server = try Journal(path: path, singleConnection: true)
        let first = try server.addCustomFood(Self.food("Granola"))
        let one = try server.userFoodsFingerprint()
        try server.addEntries([KeptLogFilesTests.entry("a banana")])
        #expect(try server.userFoodsFingerprint() == one, "an entry leaves the foods as they were")
        _ = try server.deleteCustomFood(id: first.id ?? 0)
        #expect(try server.userFoodsFingerprint() != one)
        #expect(try server.userFoodRows().customFoods.isEmpty)
    }
}
