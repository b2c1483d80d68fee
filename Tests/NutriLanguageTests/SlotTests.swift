import Foundation
import NutriLanguage
import Testing

/// The words whole-word stages see (`FoldedWords`) and the slots the lexicon finds in them (`LanguageLexicon.slots`).
@Suite struct SlotTests {
    @Test(arguments: [
        ("That's RIGHT!", ["thats", "right"]),
        ("Low-fat milk, 2.5 L", ["low", "fat", "milk", "2.5", "l"]),
        ("I’m 80kg; 1,000 steps", ["im", "80kg", "1000", "steps"]),
        ("  Café   crème… ", ["cafe", "creme"]),
        ("½ cup", ["1", "2", "cup"]),
        ("🍕🍕🍕", []),
        ("2% milk", ["2", "milk"]),
    ])
    func foldedWords(text: String, words: [String]) {
        #expect(FoldedWords.words(of: text) == words)
    }

    /// Each word's slot, "-" for none.
    private func slots(_ text: String) -> [String] {
        sharedLexicon.slots(of: FoldedWords.words(of: text)).map { slot in
            switch slot {
            case .number: return "number"
            case .amount: return "amount"
            case .meal: return "meal"
            case .date: return "date"
            case nil: return "-"
            }
        }
    }

    @Test func amountsAreNumbersWithUnits() {
        #expect(slots("2 cups of rice") == ["amount", "amount", "-", "-"])
        #expect(slots("250g chicken") == ["amount", "-"])
        #expect(slots("a glass of milk") == ["-", "amount", "-", "-"])
        #expect(slots("two slices of toast") == ["amount", "amount", "-", "-"])
    }

    @Test func aUnitWordWithoutANumberIsNoAmount() {
        // "can" is a unit only when counted: "can you tell me" asks, "a can of soda" measures.
        #expect(slots("can you tell me") == ["-", "-", "-", "-"])
        #expect(slots("a can of soda") == ["-", "amount", "-", "-"])
    }

    @Test func numbersMealsAndDates() {
        #expect(slots("3 eggs") == ["number", "-"])
        #expect(slots("for lunch yesterday") == ["-", "meal", "date"])
        #expect(slots("what should i eat for breakfast today") == ["-", "-", "-", "-", "-", "meal", "date"])
    }

    @Test func weekdayAbbreviationsAreNoDate() {
        #expect(slots("i sat down") == ["-", "-", "-"])
        #expect(slots("on saturday") == ["-", "date"])
        #expect(slots("3 days ago") == ["number", "date", "-"])
    }

    @Test func noWordsNoSlots() {
        #expect(slots("").isEmpty)
        #expect(slots("what is the weather like") == ["-", "-", "-", "-", "-"])
    }
}
