import Foundation
import NutriLanguage
import NutriStore
import Testing
@testable import NutriChat

/// Dishes described by their fillings, resolved as one food or built from their base and fillings.
@Suite("Dish composition")
struct DishCompositionTests {
    static let reference = ReferenceDate(year: 2026, month: 11, day: 21)

    static func rows() -> [(input: String, match: String)] {
        guard let url = Bundle.module.url(forResource: "Corpus/dishes", withExtension: "tsv"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst(3).compactMap { line in
            let cells = line.split(separator: "\t").map(String.init)
            return cells.count == 2 ? (cells[0], cells[1]) : nil
        }
    }

    /// On the fixture: the sandwich's base (white bread) and its egg, mixed by their weights and scaled to 150 g.
    @Test func builtDishMixesPartsAndScalesToTheStatedWeight() throws {
        let analyzer = try TestServices.analyzer()
        let analysis = analyzer.analyze("a 150 g sandwich with egg", reference: Self.reference)
        #expect(analysis.items.count == 1)
        let item = try #require(analysis.items.first)
        let match = try #require(item.match)
        #expect(match.food.id.hasPrefix("dish:"))
        #expect(match.food.name.hasPrefix("Sandwich with egg (white bread 56 g, egg 100 g)"))
        #expect(item.portion?.grams == 150)
        let catalog = analyzer.services.catalog
        let dish = try #require(catalog.dish(id: match.food.id))
        #expect(dish.parts.map(\.ndb).first == 18069)
        var carbs = 0.0
        for part in dish.parts {
            let per100 = try catalog.nutrients(of: try catalog.food(id: FoodID.string(ndb: part.ndb)))
            carbs += (per100.first { $0.nutrient.key == "carbohydrate_g" }?.amount ?? 0) * part.grams / 100
        }
        let total = dish.parts.map(\.grams).reduce(0, +)
        #expect(abs((item.nutrients["carbohydrate_g"] ?? 0) - carbs * 150 / total) < 0.01)
        // The built dish is a food like any other for the rest of the run.
        #expect(try catalog.food(id: match.food.id).name == match.food.name)
        #expect(analysis.json.serialized.contains("\"id\":\"\(match.food.id)\""))
    }

    @Test func aSideAfterWithStaysItsOwnItem() throws {
        let analyzer = try TestServices.analyzer()
        for input in ["a bagel with cream cheese", "a burger with fries", "2 eggs with toast"] {
            let analysis = analyzer.analyze(input, reference: Self.reference)
            #expect(analysis.items.count == 2, "\(input)")
            #expect(analysis.items.allSatisfy { $0.match?.food.id.hasPrefix("dish:") != true }, "\(input)")
        }
    }

    @Test("dishes on the full database", arguments: rows())
    func fullDatabase(_ row: (input: String, match: String)) throws {
        guard let services = TestServices.fullServices, let classifier = TestServices.classifier else { return }
        let analysis = MealAnalyzer(services: services, classifier: classifier).analyze(row.input, reference: Self.reference)
        let got = analysis.items.map { $0.match?.food.name ?? "nil" }
        #expect(got.count == 1 && got.first?.hasPrefix(row.match) == true, "\(row.input) got \(got)")
    }

    @Test func corpusIsThere() {
        #expect(Self.rows().count >= 8)
    }
}
