import Foundation
import NutriData
import NutriLanguage
import Testing
@testable import NutriChat

/// The scorer's and the portion resolver's word lists are data (`scoring-words.tsv`, `portion-words.tsv`): the
/// bundled files load with the words the code relies on, and a row of an unknown kind is an error naming its line.
@Suite("Food word data")
struct FoodWordDataTests {
    static let lexicon = DataDirectory.bundled.lexicon

    @Test func scoringWordsLoadByKind() throws {
        let rules = try FoodRankingRules.load(from: Self.lexicon)
        for word in ["with", "salt", "added", "enriched", "commercial", "of"] { #expect(rules.neutralWords.contains(word)) }
        for word in ["chicken", "cheese", "sweet", "light", "diet", "baby"] { #expect(!rules.neutralWords.contains(word)) }
        #expect(rules.babyWords == ["baby", "babyfood", "infant", "junior", "toddler"])
        #expect(rules.notBrandRuns.contains("nfs"))
    }

    @Test func abbreviationsAreNotBrands() throws {
        let rules = try FoodRankingRules.load(from: Self.lexicon)
        for name in ["Cereals ready-to-eat, KELLOGG, KELLOGG'S FROOT LOOPS", "Soup, LIPTON, CUP-A-SOUP", "McDONALD'S, BIG MAC"] {
            #expect(FoodScorer.isBranded(name, notBrand: rules.notBrandRuns), "\(name)")
        }
        for name in ["Beverages, coffee, NFS", "Bread, white, USDA commodity", "Cheese, cheddar", "Pasta, RTE"] {
            #expect(!FoodScorer.isBranded(name, notBrand: rules.notBrandRuns), "\(name)")
        }
    }

    @Test func portionWordsKeepTheirOrder() throws {
        let words = try PortionWords(contentsOf: Self.lexicon.appendingPathComponent("portion-words.tsv"))
        #expect(words.defaultMeasures.prefix(3) == ["medium", "large", "serving"])
        #expect(words.serving == ["serving", "portion", "helping"])
        #expect(words.coffeeShop.contains("latte") && !words.coffeeShop.contains("cola"))
        #expect(words.sizeQualifiers.isSuperset(of: ["mini", "fun", "king", "snack"]))
        #expect(words.smallPieces == ["cup", "oz", "ounce"])
    }

    @Test func unknownKindNamesTheLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("portion-words-\(UUID().uuidString).tsv")
        try "# a comment\nphrase\tkind\nserving\tserving\nmug\tmugs\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try PortionWords(contentsOf: url)
            Issue.record("a row of an unknown kind loaded")
        } catch let error as DataFileError {
            #expect(error.line == 4)
        }
    }
}
