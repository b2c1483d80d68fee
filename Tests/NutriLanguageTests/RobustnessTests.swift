import Foundation
import Testing
import NutriData
@testable import NutriLanguage

/// Bad input never crashes and never costs more than a long sentence.
struct RobustnessTests {
    let parser = MealTextParser(lexicon: sharedLexicon, knownFoods: testKnownFoods)
    let quantities = QuantityParser(lexicon: sharedLexicon)

    static let garbage = ["", "   ", "\n\t", "🍎🍎🍎", "%%%///---", "((((((", ")(", "1/0 cup", "0/0", "99999999999999999999999 eggs",
                          "-", "a", "an", "and and and", "½", "2-", "1 (", "a 20 fl oz", "1e308 cups", ".", "....", "1,", ",5",
                          "with with with", "for breakfast", "yesterday", "2026-02-30 eggs", "on", "of of of", "\u{0}\u{1}",
                          "ﬁsh 🐟 and chips", "e\u{301}clair", "１２ｇ rice", "2½½ cups", "½/½", "1 - - 2", "(15 ounce) can",
                          "2026-99999999999999999999-1 eggs", "at 99999999999999999999", "99999999999999999999 days ago",
                          String(repeating: "9", count: 400) + " eggs", "at 99:99 pm", "12:60 am", "0pm", "13pm toast"]

    @Test(arguments: garbage)
    func garbageNeverCrashes(_ input: String) {
        let result = parser.parse(input, reference: saturdayMorning)
        #expect(result.date != nil)
        _ = quantities.leadingAmount(in: input)
        _ = quantities.amounts(in: input)
        _ = TextNormalizer.normalize(input)
    }

    @Test func megabyteLineIsCapped() {
        let line = String(repeating: "2 cups oatmeal and a banana 🍌 ", count: 40_000)
        let start = Date()
        let result = parser.parse(line, reference: saturdayMorning)
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(result.items.count < 1_000)
        #expect(!result.items.isEmpty)
    }

    @Test func spansQuoteTheOriginal() {
        let result = parser.parse("I had 2 Cups OATMEAL and ½ Banana", reference: saturdayMorning)
        #expect(result.items.map(\.text) == ["2 Cups OATMEAL", "½ Banana"])
        #expect(result.items.map(\.food) == ["oatmeal", "banana"])
    }

    @Test func normalization() {
        #expect(TextNormalizer.normalize("  1½  Cups “Skim”   milk — 1,5 L ") == "1 1/2 cups \"skim\" milk - 1.5 l")
        #expect(TextNormalizer.normalize("１２ｇ") == "12g")
    }

    @Test func unitDefinitions() {
        #expect(sharedLexicon.unitDefinition(for: "cup")?.milliliters == 236.588)
        #expect(sharedLexicon.unitDefinition(for: "ounce")?.kind == .mass)
        #expect(sharedLexicon.unitDefinition(for: "fluid ounce")?.kind == .volume)
        #expect(sharedLexicon.unitDefinition(for: "glass")?.kind == .container)
        #expect(sharedLexicon.unitDefinition(for: "glass")?.milliliters == 240)
        #expect(sharedLexicon.unitDefinition(for: "large")?.kind == .size)
        #expect(sharedLexicon.unitDefinition(for: "furlong") == nil)
    }

    @Test(arguments: [("leaves", "leaf"), ("potatoes", "potato"), ("berries", "berry"), ("cookies", "cookie"), ("fries", "fries"),
                      ("glasses", "glass"), ("hummus", "hummus"), ("asparagus", "asparagus"), ("couscous", "couscous"),
                      ("molasses", "molasses"), ("grits", "grits"), ("oats", "oats"), ("eggs", "egg"), ("peaches", "peach"),
                      ("sweet potatoes", "sweet potato"), ("tomatoes", "tomato"), ("boxes", "box"), ("egg", "egg"), ("bass", "bass")])
    func singular(_ pair: (String, String)) {
        #expect(sharedLexicon.singular(pair.0) == pair.1, "\(pair.0)")
    }

    /// Replies count foods and units with the same table read the other way: listed plurals first, then the rules;
    /// a word already plural, or one whose plural is itself, stays.
    @Test(arguments: [("egg", "eggs"), ("slice", "slices"), ("glass", "glasses"), ("peach", "peaches"), ("box", "boxes"),
                      ("cherry", "cherries"), ("turkey", "turkeys"), ("leaf", "leaves"), ("loaf", "loaves"),
                      ("half", "halves"), ("potato", "potatoes"), ("tomato", "tomatoes"), ("avocado", "avocados"),
                      ("burrito", "burritos"), ("oats", "oats"), ("fries", "fries"), ("slices", "slices"),
                      ("cookies", "cookies"), ("pepperoni pizza", "pepperoni pizzas"), ("sweet potato", "sweet potatoes"),
                      ("cup", "cups"), ("smoothie", "smoothies")])
    func plural(_ pair: (String, String)) {
        #expect(sharedLexicon.plural(pair.0) == pair.1, "\(pair.0)")
        #expect(sharedLexicon.singular(pair.1) == sharedLexicon.singular(pair.0), "\(pair.1) folds back")
    }

    /// Pieces cut at commas, semicolons and joining connectors, as written; numbers with thousands commas stay whole.
    @Test(arguments: [("ran 5 km and then did 30 minutes of yoga", ["ran 5 km", "did 30 minutes of yoga"]),
                      ("walked 30 min, then swam 1 km", ["walked 30 min", "swam 1 km"]),
                      ("walked 10,000 steps", ["walked 10,000 steps"]),
                      ("eggs; toast, and jam", ["eggs", "toast", "jam"]),
                      ("And then", []), ("", []), (" , ; ", [])])
    func joinedPieces(_ pair: (String, [String])) {
        #expect(sharedLexicon.joinedPieces(pair.0).map(String.init) == pair.1, "\(pair.0)")
    }

    @Test func clockBoundaries() {
        #expect(MealSlot.fromClock(hour: 4, minute: 0) == .breakfast)
        #expect(MealSlot.fromClock(hour: 10, minute: 29) == .breakfast)
        #expect(MealSlot.fromClock(hour: 10, minute: 30) == .morningSnack)
        #expect(MealSlot.fromClock(hour: 11, minute: 30) == .lunch)
        #expect(MealSlot.fromClock(hour: 14, minute: 30) == .afternoonSnack)
        #expect(MealSlot.fromClock(hour: 17, minute: 30) == .dinner)
        #expect(MealSlot.fromClock(hour: 21, minute: 59) == .dinner)
        #expect(MealSlot.fromClock(hour: 22, minute: 0) == .snack)
        #expect(MealSlot.fromClock(hour: 3, minute: 59) == .snack)
    }

    @Test func referenceDates() {
        #expect(ReferenceDate(year: 2026, month: 11, day: 21).weekday == 7)   // a Saturday
        #expect(saturdayMorning.isoDate(addingDays: -21) == "2026-10-31")
        #expect(ReferenceDate(year: 2024, month: 3, day: 1).isoDate(addingDays: -1) == "2024-02-29")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let date = Date(timeIntervalSince1970: 1_795_250_000)
        let reference = ReferenceDate.from(date, calendar: calendar)
        #expect(reference.weekday == calendar.component(.weekday, from: date))
        #expect(ReferenceDate(year: reference.year, month: reference.month, day: reference.day).weekday == reference.weekday)
    }

    @Test func lexiconErrorsNameFileAndLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in LanguageLexicon.fileNames {
            try FileManager.default.copyItem(at: DataDirectory.bundled.lexicon.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let units = directory.appendingPathComponent("units.tsv")
        var text = try String(contentsOf: units, encoding: .utf8)
        text += "furlongs\tfurlong\n"
        try text.write(to: units, atomically: true, encoding: .utf8)
        #expect(throws: DataFileError.self) { try LanguageLexicon.load(from: directory) }
        do { _ = try LanguageLexicon.load(from: directory) } catch let error as DataFileError {
            #expect(error.file == "units.tsv")
            #expect(error.line == text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
        }
    }
}
