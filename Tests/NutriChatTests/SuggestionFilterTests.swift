import Foundation
import NutriLanguage
import NutriData
import NutriStore
import Testing
@testable import NutriChat

/// The suggestion filter on its own: an allergy, an intolerance, a food avoided or a diet never lets a conflicting
/// suggestion through, whatever else fits.
@Suite("Suggestion filter")
struct SuggestionFilterTests {
    static let table: PreferenceTable? = try? PreferenceTable.load(from: DataDirectory.bundled.lexicon)

    static func suggestion(_ title: String, _ foods: [(name: String, group: String)], kcal: Double = 200) -> Suggestion {
        let traits = foods.map { FoodTraits(group: $0.group, words: FoldedWords.words(of: $0.name)) }
            + [FoodTraits(group: nil, words: FoldedWords.words(of: title))]
        return Suggestion(title: title, origin: .idea, servings: 1, ingredients: [], perServing: ["energy_kcal": kcal, "protein_g": 10],
                          meals: ["snack"], tags: [], traits: traits)
    }

    static let pool: [Suggestion] = [
        suggestion("Apple with peanut butter", [("Apples, raw, with skin", "09"), ("Peanut butter, smooth style, with salt", "16")]),
        suggestion("Satay dip", [("Sauce, peanut", "06")]),
        suggestion("Rice cakes", [("Snacks, rice cakes, brown rice, plain", "25")]),
        suggestion("Shrimp cocktail", [("Crustaceans, shrimp, mixed species, cooked, moist heat", "15")]),
        suggestion("Cheese and crackers", [("Cheese, cheddar", "01"), ("Crackers, whole-wheat", "18")]),
        suggestion("Hard-boiled eggs", [("Egg, whole, cooked, hard-boiled", "01")]),
        suggestion("Chicken wrap", [("Chicken, broilers or fryers, breast, meat only, cooked, roasted", "05"),
                                    ("Tortillas, ready-to-bake or -fry, flour, refrigerated", "18")]),
        suggestion("Banana", [("Bananas, raw", "09")]),
    ]

    func filter(_ items: [String], request: SuggestionRequest = SuggestionRequest(), maxKcal: Double? = nil) throws -> SuggestionFilter {
        SuggestionFilter(table: try #require(Self.table), items: items, request: request, maxKcal: maxKcal, targetKcal: nil,
                         dailyValues: ["protein_g": 50])
    }

    @Test(arguments: [
        ("peanut", ["Apple with peanut butter", "Satay dip"]),
        ("shellfish", ["Shrimp cocktail"]),
        ("dairy", ["Cheese and crackers"]),
        ("egg", ["Hard-boiled eggs"]),
        ("vegetarian", ["Shrimp cocktail", "Chicken wrap"]),
    ])
    func aPreferenceNeverLetsAConflictThrough(item: String, conflicting: [String]) throws {
        let kept = try filter([item]).ranked(Self.pool).map(\.title)
        for title in conflicting { #expect(!kept.contains(title), "\(title) with \(item)") }
        #expect(kept.contains("Banana") && kept.contains("Rice cakes"))
    }

    @Test func anAllergyWinsOverEverythingTheRequestAsksFor() throws {
        var request = SuggestionRequest()
        request.ingredients = ["peanut"]
        request.high = ["protein_g"]
        let kept = try filter(["peanut"], request: request).ranked(Self.pool)
        #expect(kept.isEmpty)
    }

    @Test func theEnergyLimitAndLikesOrderTheRest() throws {
        var pool = Self.pool
        pool.append(Self.suggestion("Big sandwich", [("Bread, white, commercially prepared", "18")], kcal: 700))
        pool[7].liked = true
        let kept = try filter([], maxKcal: 300).ranked(pool)
        #expect(!kept.map(\.title).contains("Big sandwich"))
        #expect(kept.first?.title == "Banana")
    }
}
