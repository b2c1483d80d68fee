import Foundation
import NutriData
import Testing
@testable import NutriLanguage

/// The grammar words of the language stage are data (`Lexicon/grammar-words.tsv`): adding a row changes what a
/// message means, with no code change.
@Suite("Grammar words")
struct GrammarWordsTests {
    /// A copy of the bundled lexicon with `rows` appended to `grammar-words.tsv`.
    private func lexicon(adding rows: String) throws -> LanguageLexicon {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grammar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in LanguageLexicon.fileNames {
            try FileManager.default.copyItem(at: DataDirectory.bundled.lexicon.appendingPathComponent(name),
                                             to: directory.appendingPathComponent(name))
        }
        let file = directory.appendingPathComponent("grammar-words.tsv")
        try (String(contentsOf: file, encoding: .utf8) + rows).write(to: file, atomically: true, encoding: .utf8)
        return try LanguageLexicon.load(from: directory)
    }

    private let reference = ReferenceDate(year: 2026, month: 11, day: 21)

    @Test func anAddedWordForAgoCountsDaysBack() throws {
        let text = "2 eggs 3 days back"
        #expect(MealTextParser(lexicon: sharedLexicon).parse(text, reference: reference).dayOffset == nil)
        let parsed = MealTextParser(lexicon: try lexicon(adding: "back\tago\n")).parse(text, reference: reference)
        #expect(parsed.dayOffset == -3)
        #expect(parsed.items.map(\.food) == ["egg"])
    }

    @Test func anAddedWeekdayIntroducerReadsTheAbbreviation() throws {
        let text = "2 eggs next wed"
        #expect(MealTextParser(lexicon: sharedLexicon).parse(text, reference: reference).dayOffset == nil)
        let parsed = MealTextParser(lexicon: try lexicon(adding: "next\tweekday-introducer\n")).parse(text, reference: reference)
        #expect(parsed.dayOffset != nil)
        #expect(parsed.items.map(\.food) == ["egg"])
    }

    @Test func bundledKindsAreRead() {
        let grammar = sharedLexicon.grammarWords
        #expect(grammar.contains("the", "definite"))
        #expect(grammar.contains("o'clock", "clock-oclock"))
        #expect(grammar["lookup-stop"].isSuperset(of: ["a", "the", "of"]))
        #expect(grammar.contains("with", "ingredient-lead"))
        #expect(sharedLexicon.isGrammarWord("into") && !sharedLexicon.isGrammarWord("banana"))
    }

    @Test func anUnknownKindNamesFileAndLine() {
        #expect(throws: DataFileError.self) { try lexicon(adding: "with\tnot-a-kind\n") }
    }
}
