import Foundation
import NutriLanguage
import Testing
@testable import NutriChat

/// Whole messages against the full SR24 database: how many items, and what they weigh. Skips without the database.
@Suite("Meal resolution", .enabled(if: TestServices.fullServices != nil))
struct MealResolutionTests {
    static let reference = ReferenceDate(year: 2026, month: 11, day: 21, hour: 12, minute: 0)

    static func analyze(_ text: String) throws -> MessageAnalysis {
        let services = try #require(TestServices.fullServices)
        let classifier = try #require(TestServices.classifier)
        return MealAnalyzer(services: services, classifier: classifier).analyze(text, reference: reference)
    }

    @Test("a food told twice is logged once", arguments: [
        "for breakfast I had a juicy mango and a banana; the fresh mango was the best part",
        "for my snack I had a breakfast bar, and one bar of the breakfast bar kept me going, plus a banana",
        "at lunch I ate a banana and a cup of yogurt, and that banana was perfect",
        "for dessert I had a slice of lemon meringue pie and a coffee; the pie was 1/8 of a 9-inch pie",
    ])
    func retoldOnce(message: String) throws {
        let analysis = try Self.analyze(message)
        #expect(analysis.items.filter { $0.match != nil }.count == 2, "\(analysis.items.map(\.mention.text))")
    }

    @Test("another portion of the same food is logged again", arguments: [
        "for breakfast I had an egg and then another egg",
        "for dinner I had a slice of pizza and a second slice of pizza",
    ])
    func secondPortion(message: String) throws {
        let analysis = try Self.analyze(message)
        #expect(analysis.items.filter { $0.match != nil }.count == 2, "\(analysis.items.map(\.mention.text))")
    }

    @Test("small sweets by the piece or pouch", arguments: [
        "as a snack I had a piece of chewing gum",
        "as a snack I had a piece of fondant",
        "as a snack I had a pouch of fruit leather",
    ])
    func smallSweets(message: String) throws {
        let analysis = try Self.analyze(message)
        let grams = try #require(analysis.items.first?.portion?.grams)
        #expect(grams <= 40, "\(grams) g")
    }

    @Test("a preparation word alone is no food", arguments: ["for lunch I had a cup of cooked", "for dinner: fried"])
    func preparationAlone(message: String) throws {
        let analysis = try Self.analyze(message)
        #expect(analysis.items.allSatisfy { $0.match == nil })
    }

    @Test("words that never name a food find nothing", arguments: ["all", "ready to", "both", "right", "various", "bowl"])
    func nonFoodWords(words: String) throws {
        let resolver = try #require(TestServices.fullServices).resolver
        #expect(try resolver.best(for: words) == nil)
    }
}

/// A food of an alias's family found by full-text search takes the alias's everyday portion.
@Suite("Family portions", .enabled(if: TestServices.fullServices != nil))
struct FamilyPortionTests {
    @Test("a sibling of an everyday food is served like it", arguments: ["reduced sugar jelly", "reduced fat peanut butter"])
    func siblingPortion(food: String) throws {
        let analysis = try MealResolutionTests.analyze("for breakfast I had toast with \(food)")
        let item = try #require(analysis.items.first { $0.mention.food.contains(food.split(separator: " ").last!) })
        let grams = try #require(item.portion?.grams)
        #expect(grams <= 40, "\(grams) g of \(food)")
    }
}

/// Bags of snacks come in sizes of the single-serving bag (`container-sizes.tsv`).
@Suite("Container sizes", .enabled(if: TestServices.fullServices != nil))
struct ContainerSizeTests {
    @Test("bag sizes", arguments: [("a small bag of potato chips", 28.4), ("a bag of potato chips", 28.4),
                                   ("a medium bag of potato chips", 56.8), ("a large bag of potato chips", 85.2)])
    func bagSizes(message: String, grams: Double) throws {
        let analysis = try MealResolutionTests.analyze("for my snack " + message)
        let portion = try #require(analysis.items.first?.portion)
        #expect(abs(portion.grams - grams) < 0.5, "\(portion.grams) g")
    }
}
