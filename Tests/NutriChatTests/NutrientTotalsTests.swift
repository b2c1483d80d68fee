import Foundation
import NutriLanguage
import NutriStore
import Testing
@testable import NutriChat

/// A message's totals are summed in one pass; they must equal adding the items one by one, to the last bit.
@Suite struct NutrientTotalsTests {
    private static func info(_ id: Int) -> NutrientInfo {
        NutrientInfo(id: id, source: "n\(id)", key: "nutrient_\(id)_g", label: "Nutrient \(id)", unit: "g",
                     category: "other", dailyValue: nil)
    }

    private static func values(_ pairs: [(Int, Double)]) -> NutrientValues {
        NutrientValues(per100g: pairs.map { NutrientAmount(nutrient: info($0.0), amount: $0.1) }, grams: 100)
    }

    private static func added(_ parts: [NutrientValues]) -> NutrientValues {
        parts.reduce(into: NutrientValues()) { $0.add($1) }
    }

    private static func expectSame(_ got: NutrientValues, _ want: NutrientValues) {
        #expect(got.entries.map(\.0) == want.entries.map(\.0))
        #expect(got.entries.map(\.1.bitPattern) == want.entries.map(\.1.bitPattern))
    }

    @Test func sumsAsAddingOneByOne() {
        let cases: [[NutrientValues]] = [
            [],
            [Self.values([(1, 0.1), (2, 0.2)])],
            // Amounts whose sum depends on the order of additions.
            [Self.values([(1, 0.1), (3, 1e16)]), Self.values([(1, 0.2), (3, 1)]), Self.values([(1, 0.3), (2, -0.0), (3, 1)])],
            // Nutrients only some items have.
            [Self.values([(5, 1.5)]), Self.values([(0, 2), (7, 3)]), Self.values([]), Self.values([(5, 0.25), (9, 4)])],
            // Items not in id order take the one-by-one path.
            [Self.values([(4, 1), (2, 2)]), Self.values([(2, 3), (4, 5)])],
            // Ids too large for a table.
            [Self.values([(10_000, 1)]), Self.values([(3, 1), (10_000, 2)])],
        ]
        for parts in cases {
            Self.expectSame(NutrientValues(summing: parts), Self.added(parts))
        }
    }

    @Test func manyItemsOfTheRealCatalog() throws {
        let analysis = try TestServices.analyzer().analyze(
            "2 eggs, toast with butter, a banana, coffee with milk and a glass of orange juice",
            reference: ReferenceDate(year: 2026, month: 11, day: 21, hour: 12, minute: 0))
        let parts = analysis.items.filter { $0.match != nil }.map(\.nutrients)
        #expect(parts.count >= 4)
        Self.expectSame(analysis.totals, Self.added(parts))
    }
}
