import Foundation
import NutriLanguage
import NutriStore

/// How an amount was turned into grams.
public struct ResolvedPortion: Sendable, Equatable, Codable {
    /// The weight of the whole amount.
    public var grams: Double
    /// True when a default portion stood in for what the text did not say.
    public var assumed: Bool
    /// A short account: "USDA measure 'medium (7\" to 7-7/8\" long)'", "mass", "volume via 'cup, chopped'".
    public var method: String
}

/// (food, amount) → grams: the food's own USDA measures first, then mass and volume conversions (volume through
/// the food's own cup/tbsp/fl oz measure, else the density of water, flagged), then default portions from `Lexicon/`.
public final class PortionResolver: @unchecked Sendable {
    let catalog: FoodCatalog
    let language: LanguageLexicon
    let quantities: QuantityParser
    let defaults: [String: (grams: Double?, factor: Double?)]
    /// Unit → food group or word of a food's name → grams: a piece of candy is not a piece of chicken, a bag of
    /// popcorn not a bag of chips (`group-portions.tsv`).
    let groupDefaults: [String: [String: Double]]
    /// Container → size → multiple of the everyday (single-serving) container (`container-sizes.tsv`).
    let containerSizes: [String: [String: Double]]
    /// Words that make a food outside the beverage group a drink ("latte", "juice"; `drink-words.tsv`).
    let drinkWords: Set<String>
    /// Grams per milliliter by food group, for volumes of foods without a volume measure.
    let densities: [String: Double]
    /// Grams per milliliter by a word of the food's name ("popcorn"), checked before the group.
    let wordDensities: [String: Double]
    /// Other measure words that mean the same amount ("piece" → "slice").
    let equivalents: [String: [String]]
    /// Size word → fountain and coffee-shop cup volumes in milliliters.
    let drinkSizes: [String: (fountain: Double, coffee: Double)]
    /// Size word → words of USDA measure names that mean it ("mini" → "fun", "miniature"; `measure-sizes.tsv`).
    let measureSizeWords: [String: (words: Set<String>, alone: Bool)]
    /// Everyday portion → size → grams: a sized cookie is a bakery cookie (`sized-portions.tsv`).
    let sizedPortions: [String: [String: Double]]
    /// Container → first part of a USDA name → milliliters: a bottle of soda is 20 fl oz (`container-volumes.tsv`).
    let containerVolumes: [String: [String: Double]]
    /// Unit → food group → servings of the dish in one piece, slice or wedge (`piece-servings.tsv`).
    let pieceServings: [String: [String: Double]]
    /// Whole measure → size → factor: "a medium pizza" whole is 0.73 of USDA's 14-inch pie (`whole-sizes.tsv`).
    let wholeSizes: [String: [String: Double]]
    /// Unit → what it weighs as served for a kind of food (`served-portions.tsv`).
    let served: [String: [ServedPortion]]
    /// Serving words, drink-size units, coffee-shop drink words, default measures, size qualifiers
    /// (`portion-words.tsv`).
    let words: PortionWords

    /// Creates a resolver; `portion-defaults.tsv` in the lexicon folder supplies the fallbacks.
    public init(catalog: FoodCatalog, language: LanguageLexicon, lexicon: URL) throws {
        self.catalog = catalog
        self.language = language
        quantities = QuantityParser(lexicon: language)
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("portion-defaults.tsv"),
                                 required: ["unit", "grams", "factor"])
        var defaults: [String: (Double?, Double?)] = [:]
        for row in table.rows {
            defaults[row["unit"]] = (try row.optionalDouble("grams", file: table.file),
                                     try row.optionalDouble("factor", file: table.file))
        }
        self.defaults = defaults
        groupDefaults = try Self.positiveTable(lexicon.appendingPathComponent("group-portions.tsv"),
                                               keys: ("unit", "prefix"), value: "grams")
        containerSizes = try Self.positiveTable(lexicon.appendingPathComponent("container-sizes.tsv"),
                                                keys: ("unit", "size"), value: "factor")
        drinkWords = Set(try TSVTable(contentsOf: lexicon.appendingPathComponent("drink-words.tsv"), required: ["word"])
            .rows.map { $0["word"].lowercased() })
        let densityTable = try TSVTable(contentsOf: lexicon.appendingPathComponent("group-densities.tsv"),
                                        required: ["prefix", "grams_per_ml"])
        var densities: [String: Double] = [:]
        for row in densityTable.rows {
            let value = try row.double("grams_per_ml", file: densityTable.file)
            guard value > 0, value < 3 else {
                throw DataFileError(file: densityTable.file, line: row.line, reason: "grams_per_ml must be between 0 and 3")
            }
            densities[row["prefix"]] = value
        }
        self.densities = densities
        let wordTable = try TSVTable(contentsOf: lexicon.appendingPathComponent("word-densities.tsv"),
                                     required: ["word", "grams_per_ml"])
        var wordDensities: [String: Double] = [:]
        for row in wordTable.rows { wordDensities[row["word"]] = try row.double("grams_per_ml", file: wordTable.file) }
        self.wordDensities = wordDensities
        let equivalentTable = try TSVTable(contentsOf: lexicon.appendingPathComponent("unit-equivalents.tsv"),
                                           required: ["unit", "equivalents"])
        var equivalents: [String: [String]] = [:]
        for row in equivalentTable.rows {
            equivalents[row["unit"]] = row["equivalents"].splitting(",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        self.equivalents = equivalents
        let sizeTable = try TSVTable(contentsOf: lexicon.appendingPathComponent("drink-sizes.tsv"),
                                     required: ["size", "fountain_ml", "coffee_ml"])
        var drinkSizes: [String: (Double, Double)] = [:]
        for row in sizeTable.rows {
            drinkSizes[row["size"]] = (try row.double("fountain_ml", file: sizeTable.file), try row.double("coffee_ml", file: sizeTable.file))
        }
        self.drinkSizes = drinkSizes
        measureSizeWords = try Self.measureSizeWords(lexicon.appendingPathComponent("measure-sizes.tsv"))
        sizedPortions = try Self.positiveTable(lexicon.appendingPathComponent("sized-portions.tsv"), keys: ("portion", "size"),
                                               value: "grams")
        containerVolumes = try Self.positiveTable(lexicon.appendingPathComponent("container-volumes.tsv"),
                                                  keys: ("unit", "name"), value: "milliliters")
        pieceServings = try Self.positiveTable(lexicon.appendingPathComponent("piece-servings.tsv"), keys: ("unit", "prefix"),
                                               value: "servings")
        wholeSizes = try Self.positiveTable(lexicon.appendingPathComponent("whole-sizes.tsv"), keys: ("whole", "size"),
                                            value: "factor")
        served = try Self.servedPortions(lexicon.appendingPathComponent("served-portions.tsv"), language: language)
        words = try PortionWords(contentsOf: lexicon.appendingPathComponent("portion-words.tsv"))
    }

    /// What one plate of a mixed meal weighs when the text gives no amount (`portion-defaults.tsv`, "plate").
    public var plateGrams: Double? { defaults["plate"]?.grams }

    /// The weight of `amount` of `food`; `alias` supplies the everyday default portion when the text names none.
    /// With `whole` ("a whole pizza", a food shared, "half a pie") a food served in pieces is its whole; with
    /// `sizedWhole` (no piece named) so is one told with a size of the whole ("a large pizza", "2 medium pizzas").
    public func resolve(_ amount: Amount, of food: Food, alias given: FoodAlias?, whole: Bool = false,
                        sizedWhole: Bool = false) throws -> ResolvedPortion {
        let alias = served(given, food: food)
        let measures = try catalog.portions(of: food)
        let quantity = amount.quantity ?? 1
        let noAmount = amount.quantity == nil
        if let package = amount.package, let each = try weight(ofOne: package.unit, food: food, measures: measures) {
            return ResolvedPortion(grams: quantity * package.quantity * each.grams, assumed: noAmount,
                                   method: "package of \(format(package.quantity)) \(package.unit), \(each.method)")
        }
        // "a large pizza", no slice named, is the pie: a size of whole-sizes.tsv makes it whole.
        // A size with a served weight of its own ("a personal pizza", served-portions.tsv) keeps it.
        if amount.unit == nil, whole || (sizedWhole && amount.size.map { servedGrams($0, of: food) == nil } ?? false),
           let one = wholeWeight(of: food, alias: alias, measures: measures, size: amount.size, sizedOnly: !whole) {
            return ResolvedPortion(grams: quantity * one.grams, assumed: false, method: one.method)
        }
        if let size = amount.size, amount.unit.map(words.drinkSizeUnits.contains) ?? true,
           isDrink(food), let sizes = drinkSizes[size] {
            // "a large soda" is a fountain cup, "a small coffee" a coffee-shop cup, not a bigger can or mug.
            let coffeeLike = FoldedWords.words(of: food.name).contains(where: words.coffeeShop.contains)
            let ml = coffeeLike ? sizes.coffee : sizes.fountain
            var weight = volumeWeight(milliliters: ml, unit: "milliliter", measures: measures, food: food)
            weight.method = "\(size) \(coffeeLike ? "coffee-shop" : "fountain") cup, \(ml.rounded().wholeNumberText) ml; " + weight.method
            return ResolvedPortion(grams: quantity * weight.grams, assumed: true, method: weight.method)
        }
        if amount.quantity == nil, amount.unit == nil, amount.size == nil, let alias, alias.portion == "piece", alias.grams < 15,
           let serving = servingMeasure(measures, food: food) {
            // Nuts, seeds and sweets by the handful: the group's serving (group-portions.tsv), not a cup of almonds.
            if let group = food.groupCode, let grams = groupDefaults["serving"]?[group] {
                return ResolvedPortion(grams: grams, assumed: true, method: "typical serving of \(food.group ?? group)")
            }
            // "grapes", "salted peanuts" with no count: a serving (their cup or ounce), not one grape or one nut.
            return ResolvedPortion(grams: serving.gramsPerUnit, assumed: true, method: "USDA measure '\(serving.name)'")
        }
        if let unit = amount.unit, let one = try weight(ofOne: unit, food: food, measures: measures, size: amount.size, alias: alias) {
            return ResolvedPortion(grams: quantity * one.grams, assumed: noAmount || one.assumed, method: one.method)
        }
        if let size = amount.size, let one = try weight(ofOne: size, food: food, measures: measures, alias: alias) {
            return ResolvedPortion(grams: quantity * one.grams, assumed: noAmount || one.assumed, method: one.method)
        }
        let one = defaultPortion(food: food, measures: measures, alias: alias)
        // "a small burrito" with no measure of that size: the default portion, scaled.
        if let size = amount.size, let factor = defaults[size]?.factor, factor != 1 {
            return ResolvedPortion(grams: quantity * one.grams * factor, assumed: true, method: "\(size) \(one.method)")
        }
        return ResolvedPortion(grams: quantity * one.grams, assumed: true, method: one.method)
    }

    // MARK: - One unit

    struct Weight {
        var grams: Double
        var assumed: Bool
        var method: String
    }

    func weight(ofOne unit: String, food: Food, measures: [Portion], size: String? = nil,
                alias: FoodAlias? = nil) throws -> Weight? {
        var definition = language.unitDefinition(for: unit)
        // "8 oz" of a drink is fluid ounces (`drink` in units.tsv).
        if let drink = definition?.drinkUnit, isDrink(food) { definition = language.unitDefinition(for: drink) }
        // "a medium cup of ice cream" is a shop's cup of so many scoops, not a measuring cup.
        if unit == "cup", let size, let alias, let factor = containerSizes[alias.portion]?[size] {
            return Weight(grams: alias.grams * factor, assumed: false, method: "everyday portion '\(size) \(alias.portion)'")
        }
        switch definition?.kind {
        case .mass?:
            guard let grams = definition?.grams else { return nil }
            return Weight(grams: grams, assumed: false, method: "mass")
        case .volume?:
            guard let ml = definition?.milliliters else { return nil }
            return volumeWeight(milliliters: ml, unit: definition?.canonical ?? unit, measures: measures, food: food)
        default:
            if size == nil, let ml = containerVolumes[unit]?[String(FoodResolver.firstSegment(of: food.name))] {
                var weight = volumeWeight(milliliters: ml, unit: "milliliter", measures: measures, food: food)
                weight.method = "\(unit), \(ml.rounded().wholeNumberText) ml; " + weight.method
                return weight
            }
            // "a fun size Snickers": the food's own measure of that package size, before any scaling.
            if let sized = (size ?? (definition?.kind == .size ? unit : nil)),
               let measure = sizedMeasure(size: sized, unit: definition?.kind == .size ? alias?.portion : unit, in: measures) {
                // "serving 2 fun size bars" holds two of the size asked for.
                let count = Double(sizedCount(in: measure, size: sized))
                return Weight(grams: measure.gramsPerUnit / count, assumed: false, method: "USDA measure '\(measure.name)'")
            }
            // The everyday portion wins for its own word: "a bag of chips" is the 1 oz bag, not USDA's 8 oz one; and
            // for the count word that first means the same ("a piece of pizza" is its everyday slice; a serving is no
            // count: "a serving of almonds" is not one almond).
            let servingWord = words.serving.contains(unit)
            if let alias, alias.portion == unit || (!servingWord && equivalents[unit]?.first == alias.portion) {
                if let size, let grams = sizedPortions[alias.portion]?[size] {
                    return Weight(grams: grams, assumed: false, method: "\(size) \(alias.portion)")
                }
                let factor = size.flatMap { containerSizes[alias.portion]?[$0] ?? defaults[$0]?.factor } ?? 1
                return Weight(grams: alias.grams * factor, assumed: false,
                              method: "everyday portion '\(size.map { "\($0) " } ?? "")\(alias.portion)'")
            }
            // "a medium cookie" sizes the everyday cookie; USDA's "cookie, medium" is a packaged one. Foods whose
            // everyday portion is itself a size ("medium" apple, "large" egg) keep USDA's sizes.
            if definition?.kind == .size, let alias, let grams = sizedPortions[alias.portion]?[unit] {
                return Weight(grams: grams, assumed: false, method: "\(unit) \(alias.portion)")
            }
            // "a medium cinnamon bun" is a bakery one when the kind has served sizes, not the packaged bun scaled.
            if definition?.kind == .size, let grams = servedGrams(unit, of: food) {
                return Weight(grams: grams, assumed: false, method: "served \(unit)")
            }
            if definition?.kind == .size, let alias, language.unitDefinition(for: alias.portion)?.kind != .size,
               let factor = containerSizes[alias.portion]?[unit] ?? defaults[unit]?.factor {
                return Weight(grams: alias.grams * factor, assumed: false, method: "everyday portion '\(unit) \(alias.portion)'")
            }
            if let grams = servedGrams(unit, of: food) ?? servedGrams(equivalents[unit]?.first ?? unit, of: food) {
                let factor = size.flatMap { containerSizes[unit]?[$0] ?? defaults[$0]?.factor } ?? 1
                return Weight(grams: grams * factor, assumed: false, method: "served \(size.map { "\($0) " } ?? "")\(unit)")
            }
            // With no size in the text, "a package of Skittles" is the regular package: a fun-size or king-size measure
            // is no plain one, and the group's typical package stands in when the food has no other.
            if let measure = bestMeasure(named: unit, size: size, in: measures), size != nil || !namesPackageSize(measure) {
                return Weight(grams: measure.gramsPerUnit, assumed: false, method: "USDA measure '\(measure.name)'")
            }
            // "a serving of pinto beans" is what "some pinto beans" would be: the everyday portion. Snacks counted by
            // the cup or the piece ("popcorn", "almond") are served by their group's serving, an ounce.
            // A sized serving of a food served by the bag is that bag's size: "a medium serving of chips" is the
            // medium bag (container-sizes.tsv), not the 1 oz bag; a snack's ounce is its single-serving bag, sized
            // the same way ("a medium serving of pretzels", two ounces).
            if let alias, servingWord {
                let byMeasure = language.unitDefinition(for: alias.portion)?.kind == .volume || alias.grams < 15
                let factor = size.flatMap { defaults[$0]?.factor } ?? 1
                if byMeasure, let group = food.groupCode, let grams = groupDefaults["serving"]?[group] {
                    let bagged = size.flatMap { containerSizes[words.ounceServing]?[$0] }
                    return Weight(grams: grams * (bagged ?? factor), assumed: false,
                                  method: "typical \(size.map { "\($0) " } ?? "")serving of \(food.group ?? group)")
                }
                // "a serving of peanuts", "a serving of shrimp": a food counted by small pieces with no group serving
                // is served by its whole ounce or cup measure (USDA's "3 oz" of shrimp, "1 oz" of peanuts), not one
                // peanut or one shrimp.
                if alias.grams < 15, let serving = servingMeasure(measures, food: food) {
                    return Weight(grams: serving.grams * factor, assumed: false, method: "USDA measure '\(serving.name)'")
                }
                if let size, let container = containerSizes[alias.portion]?[size] {
                    return Weight(grams: alias.grams * container, assumed: false,
                                  method: "everyday portion '\(size) \(alias.portion)'")
                }
                return Weight(grams: alias.grams * factor, assumed: false, method: "everyday portion '\(alias.portion)'")
            }
            if let alias, alias.portion == unit || definition?.kind == .size {
                let factor = definition?.kind == .size && alias.portion != unit ? (defaults[unit]?.factor ?? 1) : 1
                return Weight(grams: alias.grams * factor, assumed: false, method: "everyday portion '\(alias.portion)'")
            }
            if let ml = definition?.milliliters {
                var weight = volumeWeight(milliliters: ml, unit: unit, measures: measures, food: food)
                weight.assumed = true
                return weight
            }
            // "a fun-size package", "a large bowl": a size scales the typical unit.
            let factor = size.flatMap { defaults[$0]?.factor } ?? 1
            let sized = size.map { "\($0) " } ?? ""
            if let group = food.groupCode, let servings = pieceServings[unit]?[group] {
                // "a slice of lasagna": one serving of the dish; "a wedge of quesadilla": a quarter of one.
                let one = defaultPortion(food: food, measures: measures, alias: alias)
                return Weight(grams: one.grams * servings * factor, assumed: true,
                              method: "\(format(servings)) serving (a \(sized)\(unit) of a dish), \(one.method)")
            }
            if let (grams, kind) = typicalUnit(unit, of: food) {
                return Weight(grams: grams * factor, assumed: true, method: "typical \(sized)\(unit) of \(kind)")
            }
            if let grams = defaults[unit]?.grams {
                return Weight(grams: grams * factor, assumed: true, method: "typical \(sized)\(unit)")
            }
            return nil
        }
    }

    /// What "a/one <food>" weighs: the alias's everyday portion, else a medium/serving-like USDA measure, else 100 g.
    func defaultPortion(food: Food, measures: [Portion], alias: FoodAlias?) -> Weight {
        if let alias { return Weight(grams: alias.grams, assumed: true, method: "everyday portion '\(alias.portion)'") }
        // Natural units first ("1 medium", "1 large", "1 slice"), then any count-like measure, then volume.
        for word in words.defaultMeasures {
            if let measure = bestMeasure(named: word, size: nil, in: measures) {
                return Weight(grams: measure.gramsPerUnit, assumed: true, method: "USDA measure '\(measure.name)'")
            }
        }
        let kinds = measures.map { measure in measureUnit(measure).flatMap { language.unitDefinition(for: $0)?.kind } }
        if let index = kinds.firstIndex(where: { $0 != .mass && $0 != .volume }) {
            let measure = measures[index]
            return Weight(grams: measure.gramsPerUnit, assumed: true, method: "USDA measure '\(measure.name)'")
        }
        if let index = kinds.firstIndex(where: { $0 == .volume }) {
            let measure = measures[index]
            return Weight(grams: measure.gramsPerUnit, assumed: true, method: "USDA measure '\(measure.name)'")
        }
        if let named = unitNamed(by: food) { return named }
        return Weight(grams: 100, assumed: true, method: "100 g")
    }

    func measureUnit(_ measure: Portion) -> String? {
        quantities.leadingAmount(in: "1 " + measure.name)?.amount.unit
    }

    private func format(_ value: Double) -> String {
        value.wholeNumberText
    }
}
