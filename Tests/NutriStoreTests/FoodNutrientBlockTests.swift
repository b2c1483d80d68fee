import Foundation
import GRDB
import Testing
@testable import NutriStore

/// The packed nutrient rows written at install must read back as exactly the `foodNutrient` rows, food by food;
/// a database without them (built before they existed) must read the rows as before.
@Suite("Packed nutrients")
struct FoodNutrientBlockTests {
    private static func rows(of food: Int, in db: Database) throws -> [(id: Int, amount: Double)] {
        try Row.fetchAll(db, sql: "SELECT nutrientId, amount FROM foodNutrient WHERE foodId = ? ORDER BY nutrientId",
                         arguments: [food]).map { ($0[0], $0[1]) }
    }

    @Test func everyFoodReadsBackAsItsRows() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Fixtures.buildDatabase(in: folder)
        let queue = try DatabaseQueue(path: path.path)
        try queue.read { db in
            #expect(try FoodNutrientBlocks.available(db))
            let foods = try Int.fetchAll(db, sql: "SELECT id FROM food ORDER BY id")
            #expect(foods.count == Fixtures.recordCount)
            for food in foods {
                let rows = try Self.rows(of: food, in: db)
                let packed = try FoodNutrientBlocks.nutrients(of: food, in: db)
                if rows.isEmpty { #expect(packed == nil || packed?.isEmpty == true); continue }
                let block = try #require(packed, "food \(food)")
                #expect(block.map(\.id) == rows.map(\.id), "food \(food)")
                #expect(block.map(\.amount.bitPattern) == rows.map(\.amount.bitPattern), "food \(food)")
            }
            #expect(try FoodNutrientBlocks.nutrients(of: -1, in: db) == nil)
        }
    }

    @Test func aDatabaseWithoutBlocksReadsRows() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Fixtures.buildDatabase(in: folder)
        let withBlocks = try FoodDatabase(path: path.path).nutrients(ndb: 9040)
        try DatabaseQueue(path: path.path).write { db in try db.execute(sql: "DROP TABLE foodNutrientBlock") }
        // An older install: built before blocks existed, and before the checksum was written.
        try FileManager.default.removeItem(at: FoodDatabaseSeal.sumFile(for: path))
        let withoutBlocks = try FoodDatabase(path: path.path).nutrients(ndb: 9040)
        #expect(withBlocks.count > 40)
        #expect(withBlocks == withoutBlocks)
    }
}
