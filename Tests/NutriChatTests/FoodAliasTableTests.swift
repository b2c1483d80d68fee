import Foundation
import NutriLanguage
import Testing
@testable import NutriChat

/// Loading `foods.tsv`: rows that read as the same alias must agree.
@Suite("Food alias table")
struct FoodAliasTableTests {
    static func load(_ rows: [String]) throws -> FoodAliasTable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("foods-\(UUID().uuidString).tsv")
        try (["alias\tndb\tportion\tgrams"] + rows).joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try FoodAliasTable.load(from: url) { word in word.hasSuffix("s") ? String(word.dropLast()) : word }
    }

    @Test func pluralRowThatAgreesIsFine() throws {
        let table = try Self.load(["cookie\t18159\tcookie\t30", "cookies\t18159\tcookie\t30"])
        #expect(table.alias(forKey: "cookie")?.grams == 30)
    }

    @Test func pluralRowWithAnotherPortionIsRejected() {
        #expect(throws: DataFileError.self) {
            try Self.load(["cookie\t18159\tcookie\t30", "cookies\t18159\tcookie\t12.2"])
        }
    }
}
