import Foundation
import NutriLanguage
import NutriStore

/// Dishes described by their fillings: "a 188 g biscuit filled with egg, cheese, and sausage", "a burrito with egg".
///
/// Such a dish is one food when a reference food or a `dishes.tsv` dish names its head and most of its fillings
/// ("Fast Foods, biscuit, with egg and sausage"); otherwise it is built from its parts, the way `dishes.tsv` dishes
/// are: the dish's base (`dish-bases.tsv`: a burrito's tortilla) plus its fillings, which share the filling weight
/// of one dish in proportion to `fillings.tsv` (or each filling's default portion). The stated weight, if any, is
/// the weight of the mix; otherwise one dish weighs what its parts add up to.
extension MealAnalyzer {
    /// The resolved dish, or nil when the mention is no dish with fillings or none of its fillings is a known food.
    func resolveDish(_ mention: FoodMention) -> AnalyzedItem? {
        guard !mention.fillings.isEmpty, let head = mention.dishHead else { return nil }
        guard let dish = wholeDish(mention, head: head) ?? (try? compositeDish(mention, head: head)) else {
            return dishAlone(mention, head: head)
        }
        var item = resolve(mention, keeping: [dish])
        if mention.amount.quantity == nil, mention.amount.unit == nil {
            item.question = "How much \(mention.food)? e.g. 1 cup, 200 g"
        }
        return item
    }

    /// "a wheat roll with sesame seeds": a dish that cannot be built from its parts and whose whole name would match
    /// one of its toppings ("Seeds, sesame") is the dish itself; a topping never becomes the food.
    func dishAlone(_ mention: FoodMention, head: String) -> AnalyzedItem? {
        guard let dishName = mention.dish, dishName != mention.food,
              let best = try? services.resolver.best(for: mention.food) else { return nil }
        let name = Set(services.resolver.words(of: best.food.name))
        guard !services.resolver.words(of: head).allSatisfy(name.contains) else { return nil }
        var alone = mention
        alone.food = dishName
        alone.fillings = []
        alone.dishHead = nil
        alone.dish = nil
        return resolve(alone)
    }

    /// "a sardine sandwich", "a guava turnover": a dish named by its filling alone, built from the dish's base and that
    /// filling when no reference food names both (the best match is the filling alone, or the bare base).
    func dishNamedByFilling(_ mention: FoodMention, best: FoodCandidate?) -> AnalyzedItem? {
        guard mention.fillings.isEmpty else { return nil }
        let words = mention.food.splitting(" ").map(String.init)
        let bases = services.composition.bases
        guard let length = [2, 1].first(where: { words.count > $0 && bases[words.suffix($0).joinedWithSpaces()] != nil })
        else { return nil }
        let head = words.suffix(length).joinedWithSpaces()
        let named = services.resolver.words(of: words.dropLast(length).joinedWithSpaces())
        guard let modifier = named.last else { return nil }
        if let best, best.score >= 0.6 {
            // A reference food, or an everyday name ("hot dog bun"), with both the head and the filling is the food.
            let name = Set(services.resolver.words(of: best.food.name) + (best.alias.map { services.resolver.words(of: $0.key) } ?? []))
            if services.resolver.words(of: head).allSatisfy(name.contains) && name.contains(modifier) { return nil }
        }
        var dish = mention
        dish.dish = mention.food
        dish.dishHead = head
        guard let built = try? compositeDish(dish, head: head) else { return nil }
        var item = resolve(dish, keeping: [built])
        if mention.amount.quantity == nil, mention.amount.unit == nil {
            item.question = "How much \(mention.food)? e.g. 1 cup, 200 g"
        }
        return item
    }

    /// A food for the whole description: one that has the dish's head and the words before it outside a brand name
    /// ("TACO BELL, Bean Burrito" is no taco), and at least half of its fillings (a reference food's name may leave
    /// some out), or all of them for a recipe of `dishes.tsv`.
    func wholeDish(_ mention: FoodMention, head: String) -> FoodCandidate? {
        let candidates = (try? services.resolver.candidates(for: mention.food, limit: 10)) ?? []
        let headWords = services.resolver.words(of: head)
        // The head noun of the words before the head ("tuna" in "tuna salad", "fillet" in "fried chicken fillet").
        let modifiers = services.resolver.words(of: mention.dish ?? head).dropLast(headWords.count)
        let dishWords = headWords + (modifiers.last.map { [$0] } ?? [])
        let fillingWords = fillings(of: mention).compactMap { services.resolver.words(of: $0).last }
        let needed = max(1, (fillingWords.count + 1) / 2)
        return candidates.first { candidate in
            guard candidate.score >= 0.6 else { return false }
            let unbranded = candidate.food.name.splitting(" ").filter { $0.uppercased() != $0 || $0.count < 3 }
            let name = Set(services.resolver.words(of: unbranded.joinedWithSpaces()))
            // "Sauce, pasta, …" names the sauce, not "pasta with sauce": a name that starts with a filling is that filling.
            let first = services.resolver.words(of: String(candidate.food.name.prefix { $0 != "," }))
            let startsWithFilling = !first.contains { headWords.contains($0) } && first.contains { fillingWords.contains($0) }
            // A recipe of `dishes.tsv` lists every part it has: "Cheese sandwich" is no sausage and cheese sandwich.
            let required = services.catalog.dish(id: candidate.food.id) != nil ? fillingWords.count : needed
            return !startsWithFilling && dishWords.allSatisfy(name.contains)
                && fillingWords.filter(name.contains).count >= required
        }
    }

    /// The fillings one by one: "ham and cheese" is two, unless the words name one food ("mac and cheese") rather
    /// than a dish of their own (the ham and cheese sandwich).
    func fillings(of mention: FoodMention) -> [String] {
        mention.fillings.flatMap { filling -> [String] in
            let key = services.resolver.words(of: filling).joinedWithSpaces()
            let food = services.resolver.aliases.alias(forKey: key).map { services.catalog.dish(id: $0.foodId) == nil }
            guard filling.contains(" and "), food != true else { return [filling] }
            return filling.components(separatedBy: " and ").filter { !$0.isEmpty }
        }
    }

    /// The dish built from its base and fillings, registered with the catalog; nil when the head has no base in
    /// `dish-bases.tsv`, the amount is one a built dish cannot weigh ("a slice of …"), or a filling is no known food.
    func compositeDish(_ mention: FoodMention, head: String) throws -> FoodCandidate? {
        let composition = services.composition
        let dishName = mention.dish ?? head
        // "a biscuit shortcake with fruit" is no biscuit: the head must end the dish's name.
        guard var parts = composition.bases[head], isComposable(mention.amount),
              dishName == head || dishName.hasSuffix(" " + head) else { return nil }
        var scores: [Double] = []
        var share = composition.fillingGrams[head]
        let base = parts
        if let written = mention.base, let bread = part(written, asFilling: false), base.count <= 1 {
            // "on wheat bread": the bread named, in the amount the dish holds.
            let grams = base.first?.grams ?? bread.grams
            parts = bread.parts.map { Dish.Part(ndb: $0.ndb, grams: $0.grams * grams / bread.grams, label: $0.label) }
            scores.append(bread.score)
        }
        // "a chicken submarine sandwich": chicken is a filling too, when the words before the head name a food.
        let modifiers = dishName.splitting(" ").dropLast(head.splitting(" ").count).joinedWithSpaces()
        var builtOn = head
        var added: [(name: String, parts: [Dish.Part], grams: Double)] = []
        if let known = knownDish(dishName) {
            // "a grilled cheese sandwich with ham": the dish as `dishes.tsv` makes it, plus the ham.
            parts = known.parts
            builtOn = dishName
            share = nil
        } else if !modifiers.isEmpty {
            // Words before the head that name no food ("fried chicken fillet", "mexican") leave the dish unknown.
            for modifier in fillings(of: FoodMention(text: modifiers, amount: Amount(), food: modifiers, fillings: [modifiers])) {
                guard let resolved = part(modifier, asFilling: true), resolved.score >= 0.9 else { return nil }
                added.append((modifier, resolved.parts, resolved.grams))
            }
        }
        for filling in fillings(of: mention) {
            // A filling that names no known food ("breakfast meat") is left out; the others still make the dish.
            guard let resolved = part(filling, asFilling: true), resolved.score >= 0.8 else { continue }
            added.append((filling, resolved.parts, resolved.grams))
            scores.append(resolved.score)
        }
        guard !added.isEmpty else { return nil }
        // The fillings share what one dish holds, in proportion to what each would be alone; a garnish ("sesame
        // seeds" on a bagel) keeps its own few grams and never fills the dish.
        let isGarnish = { (grams: Double) in grams <= Self.garnishGrams }
        let filled = added.filter { !isGarnish($0.grams) }
        let total = filled.reduce(0) { $0 + $1.grams }
        let room = (share ?? 0) - added.filter { isGarnish($0.grams) }.reduce(0) { $0 + $1.grams }
        let factor = share.map { _ in total > 0 ? max(0, room) / total : 1 } ?? 1
        for filling in added {
            let scale = isGarnish(filling.grams) ? 1 : factor
            parts += filling.parts.map { Dish.Part(ndb: $0.ndb, grams: $0.grams * scale, label: $0.label) }
        }
        let named = added.map(\.name)
        let listed = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
        let name = builtOn + " with " + listed + (mention.base.map { " on " + $0 } ?? "")
        let dish = Dish(id: "dish:" + FoldedWords.words(of: name).joined(separator: "-"), name: name, otherNames: [],
                        portion: String(head.splitting(" ").last ?? "serving"), parts: parts)
        let food = try services.catalog.register(dish)
        return FoodCandidate(food: food, score: min(0.95, scores.min() ?? 0.9), alias: nil)
    }

    /// Grams at or below which a filling is a garnish (seeds, herbs: `fillings.tsv` gives them a few grams): it keeps
    /// its own weight instead of sharing out the dish's filling.
    static let garnishGrams = 10.0

    /// The `dishes.tsv` dish a dish's name is ("grilled cheese sandwich"), if any.
    func knownDish(_ name: String) -> Dish? {
        let key = services.resolver.words(of: name).joinedWithSpaces()
        guard let alias = services.resolver.aliases.alias(forKey: key) else { return nil }
        return services.catalog.dish(id: alias.foodId)
    }

    /// A count ("a burrito", "2 tacos") or a weight ("a 188 g biscuit"): amounts a dish built from parts can weigh.
    func isComposable(_ amount: Amount) -> Bool {
        // A weight is a unit of the mass dimension in `units.tsv`.
        let weighs = { (unit: String) in self.services.language.unitDefinition(for: unit)?.kind == .mass }
        guard amount.unit.map(weighs) ?? true else { return false }
        return amount.package.map { weighs($0.unit) } ?? true
    }

    /// One part of a composite dish: the food a phrase names, with the grams one dish holds of it. A food that is
    /// itself a dish gives its own parts, scaled.
    func part(_ phrase: String, asFilling: Bool) -> (parts: [Dish.Part], grams: Double, score: Double)? {
        var text = phrase
        var grams: Double?
        let words = services.resolver.words(of: phrase)
        if asFilling, let (filling, before) = services.composition.filling(endingWith: words) {
            grams = filling.grams
            // "spread" on a sandwich is mayonnaise, but "peanut butter spread" is peanut butter.
            if let means = filling.means, before.isEmpty || !namesFood(before) { text = means }
        }
        let item = resolve(FoodMention(text: text, amount: Amount(), food: text))
        guard let match = item.match, match.score >= (asFilling ? 0.7 : 0.6), let portion = item.portion,
              portion.grams > 0 else { return nil }
        let weight = grams ?? portion.grams
        if let ndb = FoodID.ndb(from: match.food.id) {
            return ([Dish.Part(ndb: ndb, grams: weight, label: phrase)], weight, match.score)
        }
        guard let dish = services.catalog.dish(id: match.food.id), dish.grams > 0 else { return nil }
        let parts = dish.parts.map { Dish.Part(ndb: $0.ndb, grams: $0.grams * weight / dish.grams, label: $0.label) }
        return (parts, weight, match.score)
    }

    /// Whether words before a filling ("peanut butter" in "peanut butter spread") are an everyday food name.
    private func namesFood(_ words: [String]) -> Bool {
        services.resolver.aliases.alias(forKey: words.joinedWithSpaces()) != nil
    }
}
