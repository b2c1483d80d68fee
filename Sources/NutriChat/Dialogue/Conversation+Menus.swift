import Foundation
import NutriLanguage
import NutriStore

/// Dining menus in chat: what a place serves today (without some allergens), a dish's figures, and a dish logged
/// from the menu with the menu's name, serving and figures kept in the entry as its snapshot.
extension Conversation {
    /// The menu words, read on first use.
    func menuWords() throws -> MenuWords {
        try cached(\.menuWordsCache) { try MenuWords.load(from: analyzer.services.data.lexicon) }
    }

    /// What the message says about today's menus; nil without menus, or with none for today.
    func menuReading(_ analysis: MessageAnalysis) throws -> MenuReading? {
        guard let menus else { return nil }
        let items = try menus.items(on: today)
        guard !items.isEmpty else { return nil }
        return MenuReading(words: FoldedWords.words(of: analysis.input), items: items, focus: menuFocus,
                           analysedMeal: analysis.meal?.rawValue, vocabulary: try menuWords())
    }

    /// The menu talked about today, if any.
    var menuFocus: MenuFocus? {
        state.menuFocus?.date == today ? state.menuFocus : nil
    }

    /// Acts on the router's menu decision.
    func menuReply(_ ask: MenuAsk, scan: MessageScan, input: String) throws -> Reply {
        guard let reading = scan.menu else { return reply(input, "out_of_scope", replies.outOfScope) }
        switch ask {
        case .show: return reply(input, "menu", try showMenu(reading))
        case .dish: return reply(input, "menu", describeDishes(reading.dishes, asked: scan.nutrient?.key))
        case .log: return try logDishes(reading, scan: scan, input: input)
        }
    }

    /// The menu of the place and meal named (or just talked about, for a follow-up), without the allergens named.
    private func showMenu(_ reading: MenuReading) throws -> String {
        let followUp = reading.place == nil && (reading.follow || !reading.without.isEmpty)
        let place = reading.place ?? (followUp ? menuFocus?.place : nil)
        let meal = reading.meal ?? (followUp ? menuFocus?.meal : nil)
        let items = try (menus?.items(on: today, meal: meal) ?? []).filter { place == nil || $0.place == place }
        let kept = items.filter { item in !reading.without.contains { item.contains(allergen: $0) } }
        state.menuFocus = MenuFocus(date: today, place: place ?? Self.only(items.map(\.place)), meal: meal ?? Self.only(items.map(\.meal)))
        guard !items.isEmpty else {
            return "\(place ?? "No place") has no \(meal.map { $0 + " " } ?? "")menu for today (\(today))."
        }
        let without = reading.without.isEmpty ? "" : "Without \(reading.without.joined(separator: " or ")):\n"
        return without + MenuText.render(kept, date: today, left: items.count - kept.count)
    }

    /// The one value all of `values` share, if they share one.
    private static func only(_ values: [String]) -> String? {
        Set(values).count == 1 ? values.first : nil
    }

    /// Each dish's serving, energy, macros and allergens, the nutrient asked about first when the menu gives it.
    private func describeDishes(_ dishes: [MenuItem], asked key: String?) -> String {
        if let dish = dishes.first { state.menuFocus = MenuFocus(date: today, place: dish.place, meal: dish.meal) }
        return dishes.map { dish in
            var lead = ""
            if let key {
                let figure = MenuItem.figures(dish)[key]
                lead = figure.map { "\(ReplyText.amount($0.value, $0.unit)) of \($0.name) in " }
                    ?? "the menu gives only energy and macros for "
            }
            return "\(dish.place), \(dish.meal): \(lead)" + MenuText.line(dish)
        }.joined(separator: "\n")
    }

    /// The dishes named, logged with the menu's figures, with any other foods of the message in the same step.
    private func logDishes(_ reading: MenuReading, scan: MessageScan, input: String) throws -> Reply {
        let analysis = scan.analysis
        let meal = scan.customMeal ?? analysis.meal.map { mealName($0) } ?? reading.dishes.first.flatMap(menuSlot) ?? mealName(nil)
        let menuWords = Set((reading.dishes.map(\.name) + [reading.place ?? ""]).flatMap { FoldedWords.words(of: $0) })
        var rest = analysis
        rest.items = analysis.items.filter { item in menuWords.isDisjoint(with: FoldedWords.words(of: item.mention.food)) }
        let entries = reading.dishes.map { dish -> JournalEntry in
            let said = analysis.items.first { !menuWords.isDisjoint(with: FoldedWords.words(of: $0.mention.food)) }
            let amount = said?.mention.amount
            let servings = amount?.unit == nil ? (amount?.quantity ?? 1) : 1
            return entry(for: dish, servings: servings, date: today, meal: meal)
        }
        state.menuFocus = reading.dishes.first.map { MenuFocus(date: today, place: $0.place, meal: $0.meal) }
        return try logFood(rest, input: input, slot: meal, extra: entries)
    }

    /// The journal's slot for a menu's meal ("lunch"), when the journal has one by that name.
    private func menuSlot(_ dish: MenuItem) -> String? {
        (try? journal.currentMealSlotName(for: dish.meal)).flatMap { $0 }
    }

    /// A journal entry holding the dish's own name, serving and figures times `servings`.
    func entry(for dish: MenuItem, servings: Double, date: String, meal: String) -> JournalEntry {
        let nutrients = MenuItem.figures(dish).mapValues { ($0.value * servings * 1000).rounded() / 1000 }
        let slug = [dish.place, dish.name].map { FoldedWords.words(of: $0).joined(separator: "-") }.joined(separator: ":")
        let count = servings == 1 ? "" : ReplyText.number(servings) + " × "
        return JournalEntry(
            date: date, meal: meal, text: "\(count)\(dish.name) (\(dish.place)\(dish.serving.map { ", " + $0 } ?? ""))",
            foodId: "menu:" + slug, foodName: dish.name, quantity: servings, unit: dish.serving ?? "serving",
            grams: (dish.servingGrams ?? 0) * servings, nutrients: nutrients, createdAt: clock().now)
    }
}

extension MenuItem {
    /// The figures a menu gives for one serving, by journal nutrient key.
    static func figures(_ dish: MenuItem) -> [String: (value: Double, unit: String, name: String)] {
        var figures: [String: (value: Double, unit: String, name: String)] = ["energy_kcal": (dish.kcal, "kcal", "energy")]
        if let protein = dish.proteinG { figures["protein_g"] = (protein, "g", "protein") }
        if let carbs = dish.carbohydrateG { figures["carbohydrate_g"] = (carbs, "g", "carbohydrate") }
        if let fat = dish.fatG { figures["fat_g"] = (fat, "g", "fat") }
        return figures
    }
}
