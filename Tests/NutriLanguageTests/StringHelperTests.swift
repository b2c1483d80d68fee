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
}
