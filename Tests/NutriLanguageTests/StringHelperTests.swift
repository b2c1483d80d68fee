import Foundation
import NutriLanguage
import Testing

/// The byte-level string helpers must give exactly what the standard library calls they replace give.
@Suite struct StringHelperTests {
    static let texts = [
        "", " ", "  ", "a", "egg", "2 eggs", " 2  eggs ", "mac and cheese", "a,b,,c,", ",", ",,", "crème brûlée",
        "jalapeño, raw", "🍕 slice", "tab\tand space", "x y z", "Beef, ground, 80% lean meat / 20% fat, raw",
    ]

    @Test(arguments: texts) func splittingMatchesSplit(text: String) {
        #expect(text.splitting(" ") == text.split(separator: " "))
        #expect(text.splitting(",") == text.split(separator: ","))
        #expect(text.splitting("é") == text.split(separator: "é"))
    }

    @Test func isAllLettersMatchesCharacters() {
        for text in Self.texts + ["abc", "ABC", "crème", "don't", "5k", "naïve", "Ωmega", "x1", "日本"] {
            #expect(text.isAllLetters == text.allSatisfy(\.isLetter), "\(text)")
            #expect(text[...].isAllLetters == text.allSatisfy(\.isLetter), "\(text)")
            #expect(text.characterCount == text.count, "\(text)")
        }
    }

    @Test func joinedWithSpacesMatchesJoined() {
        let lists: [[String]] = [[], [""], ["", ""], ["a"], ["a", "b"], ["", "a", ""], ["crème", "brûlée"], ["🍕", "x"],
                                 Self.texts]
        for words in lists {
            #expect(words.joinedWithSpaces() == words.joined(separator: " "))
            #expect(words.dropFirst().joinedWithSpaces() == words.dropFirst().joined(separator: " "))
            let substrings = words.map { $0[...] }
            #expect(substrings.joinedWithSpaces() == substrings.joined(separator: " "))
        }
    }

    /// The grouped whole number written out is what `NumberFormatter` (decimal, no fractions, en_US) wrote.
    @Test func groupedWholeNumberTextMatchesTheFormatter() {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        formatter.locale = Locale(identifier: "en_US")
        var values: [Double] = [0, 0.4, 0.5, 1, 9.5, 99.5, 999, 999.5, 1_000, 1_780.4, 12_345, 99_999.5, 123_456, 1_234_567,
                                -1, -999, -1_000, -12_345.6, 987_654_321_987, 999_999_999_999_999]
        var seed: UInt64 = 7
        for _ in 0..<500 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double(seed >> 20) / 1_000)  // up to about 17,600,000,000,000 with three decimals
        }
        for value in values {
            #expect(value.groupedWholeNumberText == formatter.string(from: NSNumber(value: value.rounded())), "\(value)")
        }
        #expect(Double.nan.groupedWholeNumberText == "NaN")
        #expect(Double.infinity.groupedWholeNumberText == "∞")
        #expect(2e20.groupedWholeNumberText == 2e20.wholeNumberText)
    }
}

