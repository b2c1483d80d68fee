import Foundation
import NutriIntent
import NutriLanguage
import Testing

@Suite struct IntentRuleTests {
    @Test(arguments: [
        ("undo", Intent.undo), ("Scratch that!", .undo), ("delete the last entry", .undo),
        ("Hi!!", .greet), ("hello there", .greet), ("good morning", .greet), ("heyyy", .greet),
        ("thanks", .thanks), ("thank you so much", .thanks), ("ok, thanks", .thanks),
        ("bye", .goodbye), ("see you tomorrow", .goodbye), ("good night", .goodbye),
        ("help", .help), ("what can you do?", .help),
        ("yes", .affirm), ("Yesss", .affirm), ("yep, that's right", .affirm), ("OK", .affirm),
        ("no", .deny), ("nooo", .deny), ("no thanks", .deny), ("never mind", .deny), ("cancel", .deny),
    ])
    func bundledRuleMatches(_ text: String, _ intent: Intent) throws {
        let classifier = try #require(TestClassifier.shared)
        let prediction = classifier.classify(text)
        #expect(prediction.source == .rule, "\(text)")
        #expect(prediction.intent == intent, "\(text)")
        #expect(prediction.confidence == 1)
        #expect(prediction.ruleNote?.isEmpty == false)
    }

    @Test(arguments: ["no, I meant brown rice", "yes I had 2 eggs for breakfast", "hello, how much protein is in tofu",
                      "undo the banana and add an apple", "thanks to you I ate less today"])
    func rulesLeaveLongerMessagesToTheModel(_ text: String) throws {
        let classifier = try #require(TestClassifier.shared)
        #expect(classifier.classify(text).source != .rule, "\(text)")
    }

    @Test func normalisationDropsApostrophesFoldsCaseAndDiacritics() {
        #expect(IntentText("That's RIGHT!").normalized == "thats right")
        #expect(IntentText("  Café   crème… ").normalized == "cafe creme")
        #expect(IntentText("I’m 80kg, 2.5 L").words == ["im", "80kg", "2.5", "l"])
        #expect(IntentText("🍕🍕🍕").normalized.isEmpty)
    }

    @Test func firstMatchingRuleWins() throws {
        let table = try TSVTable(text: "intent\tpattern\tnote\ndeny\t^no thanks$\tno\nthanks\t^(no )?thanks$\tthanks\n",
                                 file: "rules.tsv")
        let rules = try IntentRuleSet(table: table)
        #expect(rules.match(IntentText("No thanks!"))?.intent == .deny)
        #expect(rules.match(IntentText("thanks"))?.intent == .thanks)
        #expect(rules.match(IntentText("thanks a lot")) == nil)
    }

    @Test func unknownIntentIsReportedWithFileAndLine() throws {
        let table = try TSVTable(text: "intent\tpattern\tnote\n# comment\nundo\t^undo$\t\nlog_snack\t^x$\t\n", file: "rules.tsv")
        #expect(throws: DataFileError.self) { try IntentRuleSet(table: table) }
        do { _ = try IntentRuleSet(table: table) } catch let error as DataFileError {
            #expect(error.file == "rules.tsv")
            #expect(error.line == 4)
            #expect(error.description.hasPrefix("rules.tsv:4:"))
        }
    }

    @Test func unanchoredOrInvalidPatternsAreRejected() throws {
        for pattern in ["undo", "^undo", "undo$", "^(undo$"] {
            let table = try TSVTable(text: "intent\tpattern\nundo\t\(pattern)\n", file: "rules.tsv")
            #expect(throws: DataFileError.self, "\(pattern)") { try IntentRuleSet(table: table) }
        }
    }

    @Test func badRulesFileFailsTraining() throws {
        let folder = try TestClassifier.copyOfBundledData()
        defer { TestClassifier.removeCopy(folder) }
        let rules = folder.appendingPathComponent("rules.tsv")
        let text = try String(contentsOf: rules, encoding: .utf8) + "greet\t^(hi$\tbroken\n"
        try text.write(to: rules, atomically: true, encoding: .utf8)
        #expect(throws: DataFileError.self) { try IntentClassifier.train(fromDirectory: folder) }
    }
}
