import Foundation
import GRDB

/// Custom foods: saved per serving, names unique among custom foods and recipes. Entries keep their own snapshot of
/// name, grams and nutrients, so editing or deleting a custom food never changes what was logged before.
extension Journal: UserFoodStore {
    // MARK: - Reading

    /// The custom food with this id number, or nil.
    public func customFood(id: Int64) throws -> CustomFoodRecord? {
        try read { db in try CustomFoodRecord.filter(key: id).fetchFirstReadable(db, damaged: damage.record) }
    }

    /// The custom food with this name (any case), or nil.
    public func customFood(named name: String) throws -> CustomFoodRecord? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try read { db in
            try CustomFoodRecord.filter(sql: "name = ? COLLATE NOCASE", arguments: [trimmed])
                .fetchFirstReadable(db, damaged: damage.record)
        }
    }

    /// Every custom food with how often it was logged, sorted as asked.
    public func customFoods(sortedBy order: UserFoodOrder = .added) throws -> [UserFoodListing<CustomFoodRecord>] {
        try read { db in
            let counts = try UserFoodQueries.timesEaten(prefix: CustomFoodRecord.idPrefix, in: db)
            let listings = try CustomFoodRecord.all().fetchReadable(db, damaged: damage.record).map {
                UserFoodListing(item: $0, timesEaten: counts[$0.foodId] ?? 0)
            }
            return order.sorted(listings, name: \.name, created: { ($0.createdAt, $0.id ?? 0) })
        }
    }

    /// How many journal entries name `foodId` ("custom:3", "recipe:2", "usda:09040").
    public func timesEaten(foodId: String) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry WHERE foodId = ?", arguments: [foodId]) ?? 0
        }
    }

    // MARK: - Changing

    /// Saves a new custom food and returns it with its id. Throws `StoreError.invalidValue` (and saves nothing)
    /// for a bad value or a name already used by a custom food or a recipe.
    @discardableResult
    public func addCustomFood(_ food: CustomFoodRecord) throws -> CustomFoodRecord {
        var saved = food
        saved.id = nil
        saved.name = try UserFoodRules.validatedName(food.name, kind: "custom food")
        saved.revision = 0
        try UserFoodRules.validate(saved)
        return try writer.write { db in
            try UserFoodQueries.checkNameFree(saved.name, in: db)
            try saved.insert(db)
            return saved
        }
    }

    /// Replaces a custom food's name, serving and nutrients, keeping its id; past entries are not touched.
    @discardableResult
    public func updateCustomFood(_ food: CustomFoodRecord, at date: Date) throws -> CustomFoodRecord {
        guard let id = food.id else { throw StoreError.invalidValue("this custom food has not been saved") }
        var saved = food
        saved.name = try UserFoodRules.validatedName(food.name, kind: "custom food")
        try UserFoodRules.validate(saved)
        return try writer.write { db in
            guard let old = try CustomFoodRecord.fetchOne(db, key: id) else {
                throw StoreError.unknownFood(id: food.foodId)
            }
            try UserFoodQueries.checkNameFree(saved.name, food: id, in: db)
            saved.createdAt = old.createdAt
            saved.revision = old.revision + 1
            saved.updatedAt = date
            try saved.update(db)
            return saved
        }
    }

    /// Deletes a custom food; returns it when there was one. Entries that logged it keep their snapshot.
    @discardableResult
    public func deleteCustomFood(id: Int64) throws -> CustomFoodRecord? {
        try writer.write { db in
            let food = try CustomFoodRecord.fetchOne(db, key: id)
            try food?.delete(db)
            return food
        }
    }

    // MARK: - UserFoodStore

    /// On a single connection (the server's journals) the fingerprint is kept with the connection's change stamp
    /// and only computed again once the stamp moves: the analysis asks for it several times per message, and each
    /// time was a read transaction of four statements.
    public func userFoodsFingerprint() throws -> String {
        guard writer is DatabaseQueue else { return try read { try UserFoodQueries.fingerprint($0, migrated: true) } }
        return try remembered("userFoodsFingerprint") { try UserFoodQueries.fingerprint($0, migrated: true) }
    }

    public func userFoodRows() throws -> UserFoodRows {
        try read { try UserFoodQueries.rows($0, migrated: true) }
    }
}
