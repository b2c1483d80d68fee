import Foundation
import GRDB

/// Each food's nutrients as one row of two blobs (table `foodNutrientBlock`), written when the database is built,
/// so that reading a food's fifty-odd nutrients is one lookup instead of a step per nutrient.
///
/// The blobs hold exactly the `foodNutrient` rows of the food in nutrient order: ids as 32-bit and amounts as the
/// bits of 64-bit floats, little-endian, so what is read back is the same numbers to the last bit. A database built
/// before the table existed has none, and nutrients are then read row by row as before.
enum FoodNutrientBlocks {
    static let createTable = """
        CREATE TABLE foodNutrientBlock(foodId INTEGER PRIMARY KEY, nutrientIds BLOB NOT NULL, amounts BLOB NOT NULL)
        """

    /// Fills `foodNutrientBlock` from `foodNutrient`; runs inside the build's transaction.
    static func build(_ db: Database) throws {
        let insert = try db.makeStatement(sql: "INSERT INTO foodNutrientBlock(foodId, nutrientIds, amounts) VALUES (?, ?, ?)")
        var food: Int64?
        var ids = Data()
        var amounts = Data()
        func flush() throws {
            guard let food else { return }
            try insert.execute(arguments: [food, ids, amounts])
            ids.removeAll(keepingCapacity: true)
            amounts.removeAll(keepingCapacity: true)
        }
        let rows = try Row.fetchCursor(db, sql: "SELECT foodId, nutrientId, amount FROM foodNutrient ORDER BY foodId, nutrientId")
        while let row = try rows.next() {
            let foodId: Int64 = row[0]
            if foodId != food {
                try flush()
                food = foodId
            }
            let nutrientId: Int64 = row[1]
            let amount: Double = row[2]
            withUnsafeBytes(of: Int32(truncatingIfNeeded: nutrientId).littleEndian) { ids.append(contentsOf: $0) }
            withUnsafeBytes(of: amount.bitPattern.littleEndian) { amounts.append(contentsOf: $0) }
        }
        try flush()
    }

    /// Whether the database has the table (one built before it existed has not).
    static func available(_ db: Database) throws -> Bool { try db.tableExists("foodNutrientBlock") }

    /// The (nutrient id, amount) pairs of a food in nutrient order, or nil when the table has no row for it.
    static func nutrients(of food: Int, in db: Database) throws -> [(id: Int, amount: Double)]? {
        let statement = try db.cachedStatement(sql: "SELECT nutrientIds, amounts FROM foodNutrientBlock WHERE foodId = ?")
        guard let row = try Row.fetchOne(statement, arguments: [food]) else { return nil }
        let ids: Data = row[0]
        let amounts: Data = row[1]
        guard ids.count % 4 == 0, amounts.count == 2 * ids.count else { return nil }
        return ids.withUnsafeBytes { idBytes in
            amounts.withUnsafeBytes { amountBytes in
                (0..<ids.count / 4).map { index in
                    (Int(Int32(littleEndian: idBytes.loadUnaligned(fromByteOffset: 4 * index, as: Int32.self))),
                     Double(bitPattern: UInt64(littleEndian: amountBytes.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self))))
                }
            }
        }
    }
}
