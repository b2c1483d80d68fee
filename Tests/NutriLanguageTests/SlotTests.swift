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
        ("2% milk", ["2%", "milk"]),
        ("Café Latte, 2%-fat & more", ["cafe", "latte", "2%", "fat", "and", "more"]),
        ("Milk, whole, 3.25% milkfat", ["milk", "whole", "3.25%", "milkfat"]),
        ("toast 'n' butter", ["toast", "n", "butter"]), ("don't", ["dont"]), ("7up and v8", ["7up", "and", "v8"]),
        ("1,5 kg", ["1.5", "kg"]), ("12,345,678", ["12345678"]), ("Ünïcödé & ÉCLAIR", ["unicode", "and", "eclair"]),
        ("1/2 cup", ["1", "2", "cup"]), ("end.", ["end"]), ("v1.2.3", ["v1", "2.3"]), ("5'10\" & 6''", ["5", "'", "10", "\"", "and", "6", "'", "'"]), ("kids' \"menu\"", ["kids", "menu"]), ("", []),
    ])
    func foldedWords(text: String, words: [String]) {
        #expect(FoldedWords.words(of: text) == words)
        // One splitter: a name's comma parts are split by the same rules.
        #expect(FoldedWords.commaSegments(of: text).flatMap { $0 } == FoldedWords.words(of: text.replacingOccurrences(of: ",", with: " ")), "\(text)")
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
