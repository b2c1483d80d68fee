import Foundation
import NutriLanguage
import NutriStore

/// A composite dish from `Lexicon/dishes.tsv`: parts from SR24 with their grams in one serving.
public struct Dish: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public var ndb: Int
        public var grams: Double
        public var label: String
    }

    /// "dish:peanut-butter-and-jelly-sandwich".
    public var id: String
    /// "peanut butter and jelly sandwich".
    public var name: String
    /// Other names ("pb&j").
    public var otherNames: [String]
    /// The word for one serving ("sandwich").
    public var portion: String
    public var parts: [Part]

    /// The weight of one serving.
    public var grams: Double { parts.reduce(0) { $0 + $1.grams } }
}

/// Every food NutriChat can log — USDA reference foods and composite dishes — with one way to ask for their
/// household measures and nutrients.
public final class FoodCatalog: @unchecked Sendable {
    public let database: FoodDatabase
    public let dishes: [Dish]
    private let dishesById: [String: Dish]
    private let lock = NSLock()
    private var dishNutrients: [String: [NutrientAmount]] = [:]
    /// Dishes built from their parts while reading messages ("burrito with egg"), by id.
    private var composites: [String: Dish] = [:]
    // Custom foods and recipes hook (issue 5 parts 6-7): see Custom/FoodCatalog+UserFoods.swift.
    private var userFoodSource: (any UserFoodSource)?

    /// The person's custom foods and recipes ("custom:N", "recipe:N"), set once the journal is open; nil serves
    /// reference foods and dishes only.
    /// Inside `withUserFoods(_:_:)` the source bound there wins, so one shared catalog serves each server request
    /// with its own account's foods.
    public var userFoods: (any UserFoodSource)? {
        get {
            if let bound = Self.boundUserFoods { return bound }
            lock.lock(); defer { lock.unlock() }; return userFoodSource
        }
        set { lock.lock(); userFoodSource = newValue; lock.unlock() }
    }

    /// Creates a catalog over the reference database and the given dishes.
    public init(database: FoodDatabase, dishes: [Dish]) {
        self.database = database
        self.dishes = dishes
        dishesById = Dictionary(dishes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The food with `id`: "usda:09040", "09040" or "dish:…".
    public func food(id: String) throws -> Food {
        if let dish = dish(id: id) { return try food(for: dish) }
        if let user = try userFood(id: id) { return user.food }  // custom foods and recipes hook
        return try database.food(id: id)
    }

    /// The household measures of a food; a dish has one, its serving.
    public func portions(of food: Food) throws -> [Portion] {
        if let dish = dish(id: food.id) { return [Portion(amount: 1, name: dish.portion, grams: dish.grams)] }
        if let user = try userFood(id: food.id) { return user.portions }  // custom foods and recipes hook
        guard let ndb = FoodID.ndb(from: food.id) else { throw StoreError.unknownFood(id: food.id) }
        return try database.portions(ndb: ndb)
    }

    /// Nutrients per 100 g; a dish's are the weighted sum of its parts.
    public func nutrients(of food: Food) throws -> [NutrientAmount] {
        if let user = try userFood(id: food.id) { return userNutrients(user) }  // custom foods and recipes hook
        guard let dish = dish(id: food.id) else {
            guard let ndb = FoodID.ndb(from: food.id) else { throw StoreError.unknownFood(id: food.id) }
            return try database.nutrients(ndb: ndb)
        }
        lock.lock()
        let cached = dishNutrients[dish.id]
        lock.unlock()
        if let cached { return cached }
        var sums: [Int: (NutrientInfo, Double)] = [:]
        for part in dish.parts {
            for amount in try database.nutrients(ndb: part.ndb) {
                sums[amount.nutrient.id, default: (amount.nutrient, 0)].1 += amount.amount * part.grams / dish.grams
            }
        }
        let result = sums.values.sorted { $0.0.id < $1.0.id }.map { NutrientAmount(nutrient: $0.0, amount: $0.1) }
        lock.lock()
        dishNutrients[dish.id] = result
        lock.unlock()
        return result
    }

    /// The dish with `id`: one of `dishes.tsv`, or one built from its parts.
    public func dish(id: String) -> Dish? {
        if let dish = dishesById[id] { return dish }
        guard id.hasPrefix("dish:") else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return composites[id]
    }

    /// Makes a dish built from its parts a food like any other (portions, nutrients, `food(id:)`) for the rest of
    /// the run; the same id always names the same parts, since they follow from the words that built it.
    public func register(_ dish: Dish) throws -> Food {
        if dishesById[dish.id] == nil {
            lock.lock()
            if composites[dish.id] == nil { composites[dish.id] = dish }
            lock.unlock()
        }
        return try food(for: dish)
    }

    /// A dish as a food: its name lists the parts.
    func food(for dish: Dish) throws -> Food {
        let kcal = try nutrients(of: Food(id: dish.id, name: dish.name)).first { $0.nutrient.key == "energy_kcal" }?.amount
        let parts = dish.parts.map { "\($0.label.splitting(",").first ?? "") \(Int($0.grams.rounded())) g" }
        let name = dish.name.prefix(1).uppercased() + dish.name.dropFirst() + " (" + parts.joined(separator: ", ") + ")"
        return Food(id: dish.id, name: name, group: "Meals, Entrees, and Side Dishes", groupCode: "22", kcalPer100g: kcal)
    }

    /// Reads `dishes.tsv`: one row per part; `also` and `portion` on a dish's first row.
    public static func loadDishes(from url: URL) throws -> [Dish] {
        let table = try TSVTable(contentsOf: url, required: ["dish", "also", "portion", "ndb", "grams", "part"])
        var order: [String] = []
        var byName: [String: Dish] = [:]
        for row in table.rows {
            let name = row["dish"].lowercased()
            guard !name.isEmpty, let ndb = Int(row["ndb"]), row["ndb"].count == 5 else {
                throw DataFileError(file: table.file, line: row.line, reason: "a dish row needs a name and a 5-digit ndb")
            }
            let grams = try row.double("grams", file: table.file)
            guard grams > 0 else { throw DataFileError(file: table.file, line: row.line, reason: "grams must be positive") }
            if byName[name] == nil {
                order.append(name)
                let slug = FoldedWords.words(of: name).joined(separator: "-")
                byName[name] = Dish(id: "dish:" + slug, name: name,
                                    otherNames: row["also"].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) },
                                    portion: row["portion"].isEmpty ? "serving" : row["portion"], parts: [])
            }
            byName[name]?.parts.append(Dish.Part(ndb: ndb, grams: grams, label: row["part"]))
        }
        return order.compactMap { byName[$0] }
    }
}
