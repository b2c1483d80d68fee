import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Issue 16 and issue 11 point 5: corrections land on the entry named, amounts replace amounts, undo and redo walk
/// the history, questions let go. Fixed clock (2026-11-21 12:30), in-memory journal, SR24 fixture; every test
/// checks the diary afterwards, not only the reply.
@Suite("Dialogue transcripts")
struct DialogueTranscriptTests {
    // MARK: - A new log is a new entry (issue 11, point 5)

    @Test func aNewCompleteLogIsANewEntryNotACorrection() throws {
        let chat = try ChatHarness()
        chat.say("for lunch a turkey sandwich and an apple")
        #expect(chat.entries.count == 2)
        let reply = chat.say("2 cups low fat milk")
        #expect(reply.intent == "log_food", "\(reply.text)")
        let entries = chat.entries
        #expect(entries.count == 3)
        #expect(entries.contains { $0.foodId == "usda:09003" && $0.grams == 182 })
        #expect(entries.contains { $0.foodId == "usda:01082" && $0.grams == 488 && $0.quantity == 2 })
    }

    @Test func actuallyThreeAfterTwoEggsIsOneEntryOfThree() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs")
        let two = try #require(chat.entries.first)
        let reply = chat.say("actually 3")
        #expect(reply.intent == "correct")
        let entries = chat.entries
        #expect(entries.count == 1)
        #expect(entries.first?.id == two.id)
        #expect(entries.first?.quantity == 3)
        #expect(abs((entries.first?.grams ?? 0) - two.grams * 1.5) < 0.5)
        #expect(abs((entries.first?.kcal ?? 0) - two.kcal * 1.5) < 1)
    }

    @Test func anotherFoodDoesNotAnswerHowMuchRice() throws {
        let chat = try ChatHarness()
        #expect(chat.say("I had rice for lunch").pending == "quantity")
        let reply = chat.say("2 cups low fat milk")
        #expect(reply.text.hasPrefix("Skipped the rice."), "\(reply.text)")
        #expect(reply.pending == nil)
        let entries = chat.entries
        #expect(entries.count == 1)
        #expect(entries.first?.foodId == "usda:01082")
        #expect(entries.first?.grams == 488)
    }

    @Test func anAmountOfTheFoodAskedAboutAnswersIt() throws {
        let chat = try ChatHarness()
        chat.say("I had rice for lunch")
        chat.say("about 1 cup of rice")
        #expect(chat.entries.count == 1)
        #expect(chat.entries.first?.foodId == "usda:20045")
        #expect(chat.entries.first?.unit == "cup")
    }

    @Test func withoutACueNothingIsCorrected() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs for breakfast")
        chat.say("I had rice for lunch")
        let before = chat.entries
        for message in ["skim", "that's wrong", "wrong"] {
            chat.say(message)
            #expect(chat.entries == before, "\(message) changed the diary")
        }
        chat.say("actually I also had a banana")
        #expect(chat.entries.count == 2)
        #expect(chat.entries.contains { $0.foodId == "usda:09040" })
        #expect(chat.entries.contains(before[0]))
        chat.say("no, 2")
        #expect(chat.entries.first { $0.foodId == "usda:09040" }?.quantity == 2)
        #expect(chat.entries.contains(before[0]))
    }

    // MARK: - Entry references

    @Test func correctionByFoodLeavesTheOtherEntriesAlone() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs for breakfast")
        chat.say("a banana")
        chat.say("a glass of whole milk")
        let before = chat.entries
        let reply = chat.say("actually 3 eggs")
        #expect(reply.intent == "correct")
        let after = chat.entries
        #expect(after.count == 3)
        let eggs = try #require(after.first { $0.foodId == "usda:01123" })
        #expect(eggs.quantity == 3 && eggs.grams == 150 && eggs.meal == "breakfast")
        for entry in before where entry.foodId != "usda:01123" {
            #expect(after.contains(entry), "\(entry.text) changed")
        }
    }

    /// "actually make that 3 eggs" names a food no entry has: alone in the last message, that entry becomes 3 eggs
    /// (never "3 cups of eggs" from the oatmeal's cups); beside another food, the person picks which.
    @Test func aNewFoodInACorrectionTakesItsOwnCount() throws {
        let chat = try ChatHarness()
        chat.say("2 cups oatmeal for breakfast")
        let reply = chat.say("actually make that 3 eggs")
        #expect(reply.intent == "correct")
        let eggs = try #require(chat.entries.first, "\(reply.text)")
        #expect(chat.entries.count == 1)
        #expect(eggs.foodId == "usda:01123" && eggs.quantity == 3 && eggs.unit == nil && eggs.grams == 150, "\(reply.text)")
    }

    @Test func aNewFoodAfterTwoFoodsAsksWhichThenReplacesThePickedOne() throws {
        let chat = try ChatHarness()
        chat.say("2 cups oatmeal and a banana for breakfast")
        let before = chat.entries
        let ask = chat.say("actually make that 3 eggs")
        #expect(ask.text.hasPrefix("Which one?"), "\(ask.text)")
        #expect(chat.entries == before, "nothing changes before the answer")
        let reply = chat.say("1")
        let after = chat.entries
        #expect(after.count == 2, "\(reply.text)")
        #expect(after.contains { $0.foodId == "usda:01123" && $0.quantity == 3 && $0.grams == 150 }, "\(reply.text)")
        #expect(after.contains(before[1]), "the banana stays: \(reply.text)")
    }

    /// "it was a chicken burrito" right after "a burrito" tells that entry more exactly: it is replaced, not eaten
    /// again; beside another food, the entry sharing a word with the new food is the one replaced.
    @Test(arguments: [
        ("an egg for breakfast", "it was a scrambled egg", "scrambled egg"),
        ("an egg for breakfast", "that was a hard boiled egg", "hard boiled egg"),
        ("a cup of rice for dinner", "it was brown rice", "brown rice"),
        ("a glass of milk", "it's lowfat milk", "lowfat milk"),
        ("a slice of bread and an apple for lunch", "it was toasted bread", "toasted bread"),
        ("a coffee and a banana", "that was a decaf coffee", "decaf coffee"),
    ])
    func aFoodToldMoreExactlyReplacesTheEntry(logged: String, told: String, food: String) throws {
        let chat = try ChatHarness()
        chat.say(logged)
        let before = chat.entries
        let reply = chat.say(told)
        #expect(reply.intent == "correct" && reply.text.hasPrefix("Updated"), "\(told): \(reply.text)")
        #expect(chat.entries.count == before.count, "\(told): \(reply.text)")
        #expect(chat.entries.contains { $0.text.contains(food) }, "\(told): \(reply.text)")
    }

    /// A remark, or a food that shares no word with what was just logged, is no correction.
    @Test(arguments: [("an apple for lunch", "it was great"), ("an apple for lunch", "it was a long day"),
                      ("an apple for lunch", "that was a banana")])
    func aRemarkOrAnotherFoodChangesNoEntry(logged: String, said: String) throws {
        let chat = try ChatHarness()
        chat.say(logged)
        let before = try #require(chat.entries.first)
        chat.say(said)
        #expect(chat.entries.first == before, "\(said)")
    }

    /// "actually 3 slices" names the entry measured in slices: not the drink logged with it, nor water logged since.
    @Test func aCorrectionInPiecesFindsTheEntryInThosePieces() throws {
        let chat = try ChatHarness()
        chat.say("2 slices of white bread and a glass of whole milk")
        let milk = try #require(chat.entries.first { $0.foodId == "usda:01077" })
        #expect(chat.say("actually 3 slices").intent == "correct")
        let bread = try #require(chat.entries.first { $0.foodId == "usda:18069" })
        #expect(bread.quantity == 3 && bread.unit == "slice")
        #expect(chat.entries.contains(milk))
        chat.say("a glass of water")
        #expect(chat.say("actually that was 4 slices not 3").intent == "correct")
        #expect(chat.entries.first { $0.foodId == "usda:18069" }?.quantity == 4)
        #expect(try chat.journal.water(on: "2026-11-21") == 240)
        #expect(chat.entries.contains(milk))
    }

    /// "I didn't have the banana" takes back the banana, and when there is none says so: it never undoes whatever
    /// came last. "log 500 ml water" is water, and "delete the last thing" the last entry.
    @Test func takingBackANamedFoodNeverUndoesAnother() throws {
        let chat = try ChatHarness()
        chat.say("a banana for breakfast")
        chat.say("an apple")
        #expect(chat.say("I didn't have the banana").intent == "undo")
        #expect(chat.entries.map(\.foodId) == ["usda:09003"])
        let again = chat.say("I didn't have the banana")
        #expect(again.text.contains("banana"), "\(again.text)")
        #expect(chat.entries.map(\.foodId) == ["usda:09003"])
        #expect(chat.say("log 500 ml water").intent == "log_water")
        #expect(try chat.journal.water(on: "2026-11-21") == 500)
        #expect(chat.entries.count == 1)
        chat.say("a banana")
        #expect(chat.say("delete the last thing").intent == "undo")
        #expect(chat.entries.map(\.foodId) == ["usda:09003"])
    }

    @Test func correctionByDiaryNumber() throws {
        let chat = try ChatHarness()
        chat.say("a cup of rice for lunch")
        chat.say("a banana")
        let rice = try #require(chat.entries.first { $0.foodId == "usda:20045" })
        let banana = try #require(chat.entries.first { $0.foodId == "usda:09040" })
        chat.say("change #\(rice.id ?? 0) to 2 cups")
        let after = chat.entries
        let changed = try #require(after.first { $0.id == rice.id })
        #expect(changed.quantity == 2 && changed.unit == "cup")
        #expect(abs(changed.grams - rice.grams * 2) < 0.5)
        #expect(after.contains(banana))
    }

    @Test func correctionAndDeletionByMeal() throws {
        let chat = try ChatHarness()
        chat.say("2 cups low fat milk for breakfast")
        chat.say("a glass of low fat milk for lunch")
        chat.say("a banana")
        let lunch = try #require(chat.entries.first { $0.meal == "lunch" && $0.foodId == "usda:01082" })
        chat.say("change the milk at breakfast to 1 cup")
        let breakfast = try #require(chat.entries.first { $0.meal == "breakfast" })
        #expect(breakfast.quantity == 1 && breakfast.grams == 244)
        #expect(chat.entries.contains(lunch))
        chat.say("delete the milk at breakfast")
        #expect(!chat.entries.contains { $0.meal == "breakfast" })
        #expect(chat.entries.contains(lunch))
        #expect(chat.entries.count == 2)
    }

    @Test func twoEntriesThatCouldBeMeantAreAskedAbout() throws {
        let chat = try ChatHarness()
        chat.say("2 cups low fat milk for breakfast")
        chat.say("a glass of low fat milk for lunch")
        chat.say("a banana")
        let question = chat.say("delete the milk")
        #expect(question.pending == "entry", "\(question.text)")
        #expect(question.text.contains("1)") && question.text.contains("2)"))
        #expect(chat.entries.count == 3)
        chat.say("2")
        #expect(chat.entries.count == 2)
        #expect(chat.entries.contains { $0.meal == "breakfast" && $0.foodId == "usda:01082" })
        #expect(!chat.entries.contains { $0.meal == "lunch" && $0.foodId == "usda:01082" })
    }

    @Test func deleteByDiaryNumber() throws {
        let chat = try ChatHarness()
        chat.say("a banana and an apple")
        chat.say("a cup of rice")
        let apple = try #require(chat.entries.first { $0.foodId == "usda:09003" })
        chat.say("delete #\(apple.id ?? 0)")
        #expect(chat.entries.count == 2)
        #expect(!chat.entries.contains { $0.id == apple.id })
    }

    // MARK: - Amounts replace amounts

    @Test func decimalAndFractionalCorrectionsReplaceTheAmount() throws {
        let chat = try ChatHarness()
        chat.say("a cup of rice")
        let cup = try #require(chat.entries.first)
        chat.say("actually 1.5 cups")
        #expect(chat.entries.count == 1)
        #expect(chat.entries.first?.quantity == 1.5)
        #expect(abs((chat.entries.first?.grams ?? 0) - cup.grams * 1.5) < 0.5)
        chat.say("make that 3/4 cup")
        #expect(chat.entries.first?.quantity == 0.75)
        #expect(abs((chat.entries.first?.grams ?? 0) - cup.grams * 0.75) < 0.5)
        #expect(abs((chat.entries.first?.kcal ?? 0) - cup.kcal * 0.75) < 1)
    }

    @Test func threeNotTwo() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs")
        chat.say("3 not 2")
        #expect(chat.entries.count == 1)
        #expect(chat.entries.first?.quantity == 3)
        #expect(chat.entries.first?.grams == 150)
    }

    @Test func absurdAmountsChangeNothing() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs")
        let before = chat.entries
        for message in ["actually 100000000000000000000", "make that 0", "actually 1e308 cups"] {
            let reply = chat.say(message)
            #expect(chat.entries == before, "\(message): \(reply.text)")
        }
        chat.say("I had rice")
        chat.say("100000000000000000000 cups")
        #expect(chat.entries == before)
    }

    @Test func aModifierKeepsTheFood() throws {
        let chat = try ChatHarness()
        chat.say("a can of coke")
        chat.say("make it diet")
        #expect(chat.entries.count == 1)
        #expect(chat.entries.first?.foodId == "usda:14416")
        #expect((chat.entries.first?.kcal ?? 99) < 10)
    }

    // MARK: - Undo and redo

    @Test func undoRevertsEachKindOfStepAndRedoReappliesIt() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs for breakfast")
        chat.say("an apple for lunch")
        let logged = chat.entries
        // A log.
        chat.say("a banana")
        #expect(chat.entries.count == 3)
        #expect(chat.say("undo").text.contains("banana"))
        #expect(chat.entries == logged)
        chat.say("redo")
        #expect(chat.entries.count == 3)
        chat.say("undo")
        #expect(chat.entries == logged)
        // A correction comes back as it was.
        chat.say("actually 3 eggs")
        #expect(chat.entries.first { $0.foodId == "usda:01123" }?.quantity == 3)
        let undone = chat.say("undo")
        #expect(undone.text.contains("2 eggs"), "\(undone.text)")
        #expect(chat.entries == logged)
        chat.say("redo")
        #expect(chat.entries.first { $0.foodId == "usda:01123" }?.quantity == 3)
        chat.say("undo")
        #expect(chat.entries == logged)
        // A deletion comes back.
        chat.say("delete the apple")
        #expect(chat.entries.count == 1)
        #expect(chat.say("undo").text.contains("apple"))
        #expect(chat.entries == logged)
        // A move goes back.
        chat.say("move the apple to dinner")
        #expect(chat.entries.first { $0.foodId == "usda:09003" }?.meal == "dinner")
        chat.say("undo")
        #expect(chat.entries == logged)
        chat.say("redo")
        #expect(chat.entries.first { $0.foodId == "usda:09003" }?.meal == "dinner")
        // Nothing left to redo after a new change.
        chat.say("a banana")
        #expect(chat.say("redo").text.contains("nothing to redo"))
    }

    @Test func undoSurvivesARestart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-undo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let first = try ChatHarness(journal: try Journal(path: path))
        first.say("2 eggs")
        first.say("actually 3")
        let second = try ChatHarness(journal: try Journal(path: path))
        #expect(second.entries.first?.quantity == 3)
        second.say("undo")
        #expect(second.entries.first?.quantity == 2)
        second.say("undo")
        #expect(second.entries.isEmpty)
        second.say("redo")
        #expect(second.entries.first?.quantity == 2)
    }

    /// Exercise is one step of the history like a food log: undone after a restart, redone, in order with food.
    @Test func exerciseIsAStepOfTheHistory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-undo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let first = try ChatHarness(journal: try Journal(path: path))
        first.say("ran 5 km")
        first.say("2 eggs")
        #expect(try first.journal.exercise(on: "2026-11-21").count == 1)
        let second = try ChatHarness(journal: try Journal(path: path))
        #expect(second.say("undo").text.hasPrefix("Undid the log of 2 eggs"))
        #expect(second.entries.isEmpty)
        let run = second.say("undo")
        #expect(run.text.hasPrefix("Undid the log of running"))
        #expect(try second.journal.exercise(on: "2026-11-21").isEmpty)
        #expect(second.say("redo").text.hasPrefix("Logged again: running"))
        let back = try second.journal.exercise(on: "2026-11-21")
        #expect(back.count == 1 && back.first?.distanceKm == 5)
        #expect(second.entries.isEmpty)
    }

    // MARK: - Questions let go

    @Test func cancelDropsTheQuestionAndTheNextDrinkIsItself() throws {
        let chat = try ChatHarness()
        chat.say("I had rice for lunch")
        let cancel = chat.say("cancel")
        #expect(cancel.pending == nil)
        #expect(cancel.text.contains("rice"))
        #expect(chat.entries.isEmpty)
        chat.say("2 cups low fat milk")
        #expect(chat.entries.count == 1)
        #expect(chat.entries.first?.foodId == "usda:01082")
        #expect(chat.entries.first?.text.contains("rice") == false)
        #expect(chat.say("never mind").text.contains("nothing to cancel"))
        #expect(chat.entries.count == 1)
    }

    @Test func aQuestionFollowedByAnUnrelatedLog() throws {
        let chat = try ChatHarness()
        chat.say("I had rice for lunch")
        let reply = chat.say("a banana")
        #expect(reply.text.hasPrefix("Skipped the rice."))
        #expect(chat.entries.map(\.foodId) == ["usda:09040"])
        #expect(chat.entries.first?.grams == 118)
        // The question is gone: a bare amount now corrects the banana, never logs rice.
        chat.say("actually 2")
        #expect(chat.entries.map(\.foodId) == ["usda:09040"])
        #expect(chat.entries.first?.quantity == 2)
    }

    // MARK: - Other kinds

    @Test func aWeightCorrectionGoesToTheWeightLog() throws {
        let chat = try ChatHarness()
        chat.say("a banana")
        let food = chat.entries
        chat.say("I weigh 150 lb")
        let reply = chat.say("actually it was 147.4")
        #expect(reply.intent == "correct")
        #expect(chat.entries == food)
        let weight = try #require(try chat.journal.weights(from: "2026-11-21", to: "2026-11-21").first)
        #expect(abs(weight.kilograms - 147.4 * 0.45359237) < 0.01)
        chat.say("undo")
        let restored = try #require(try chat.journal.weights(from: "2026-11-21", to: "2026-11-21").first)
        #expect(abs(restored.kilograms - 150 * 0.45359237) < 0.01)
        #expect(chat.entries == food)
    }

    @Test func aWaterCorrectionGoesToTheWaterLog() throws {
        let chat = try ChatHarness()
        chat.say("a banana")
        let food = chat.entries
        chat.say("a glass of water")
        #expect(try chat.journal.water(on: "2026-11-21") == 240)
        chat.say("actually 500 ml")
        #expect(try chat.journal.water(on: "2026-11-21") == 500)
        #expect(chat.entries == food)
        chat.say("undo")
        #expect(try chat.journal.water(on: "2026-11-21") == 240)
        chat.say("undo")
        #expect(try chat.journal.water(on: "2026-11-21") == 0)
        #expect(chat.entries == food)
    }

    // MARK: - Meal slots as words

    @Test func customSlotsAreRecognisedWhenLogging() throws {
        let chat = try ChatHarness()
        chat.say("add a meal called second breakfast")
        chat.say("add a meal called pre-workout")
        chat.say("a banana for second breakfast")
        chat.say("an apple as my pre-workout")
        let entries = chat.entries
        #expect(entries.count == 2)
        #expect(entries.first { $0.foodId == "usda:09040" }?.meal == "second breakfast")
        #expect(entries.first { $0.foodId == "usda:09003" }?.meal == "pre-workout")
        #expect(entries.allSatisfy { !$0.text.contains("for") && !$0.text.contains("as my") })
    }

    @Test func moveTheAppleToBreakfast() throws {
        let chat = try ChatHarness()
        chat.say("an apple and a banana for lunch")
        let banana = try #require(chat.entries.first { $0.foodId == "usda:09040" })
        let reply = chat.say("move the apple to breakfast")
        #expect(reply.text.contains("breakfast"))
        #expect(chat.entries.first { $0.foodId == "usda:09003" }?.meal == "breakfast")
        #expect(chat.entries.contains(banana))
    }

    // MARK: - Shorthand joins

    @Test(arguments: ["toast w butter", "toast w/ butter", "toast with butter", "toast + butter", "toast & butter",
                      "toast n butter", "toast 'n' butter"])
    func joinsLogBothParts(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say(message)
        let entries = chat.entries
        #expect(entries.count == 2, "\(message): \(entries.map(\.text))")
        #expect(entries.contains { $0.foodId == "usda:18070" && $0.grams == 22 })
        #expect(entries.contains { $0.foodId == "usda:01001" && abs($0.grams - 14.2) < 0.01 })
    }

    @Test func eggsAndBaconAndAPotatoWithSourCream() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs n bacon")
        #expect(chat.entries.contains { $0.foodId == "usda:01123" && $0.grams == 100 })
        #expect(chat.entries.contains { $0.foodId == "usda:10862" })
        chat.say("a baked potato w sour cream")
        #expect(chat.entries.contains { $0.foodId == "usda:11674" && $0.grams == 250 })
        #expect(chat.entries.contains { $0.foodId == "usda:01056" && $0.grams == 12 })
        #expect(chat.entries.count == 4)
    }

    // MARK: - Answers that answer

    @Test func progressQuestionsCompareWithTheTarget() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs for dinner")
        let protein = chat.entries.reduce(0) { $0 + ($1.nutrients["protein_g"] ?? 0) }
        let reply = chat.say("am i hitting my protein goal")
        #expect(reply.text.hasPrefix("Protein: \(Int(protein.rounded())) of 50 g, \(50 - Int(protein.rounded())) g to go"), "\(reply.text)")
        let dinner = chat.say("what did i have for dinner today")
        #expect(dinner.text.contains("2 eggs"), "\(dinner.text)")
        #expect(chat.say("what's my bmr").text.contains("BMR"))
    }

    // MARK: - Said as a statement: "the eggs were 3", "and a banana"

    /// "the eggs were 3" changes the eggs, whatever leads it ("oops", "actually") or follows the copula ("about",
    /// "actually", "more like"); the milk logged with them stays as it was.
    @Test(arguments: ["the eggs were 3", "oops the eggs were 3", "actually the eggs were 3", "the eggs were actually 3",
                      "my eggs were about 3", "wait, the eggs were more like 3", "the eggs should have been 3",
                      "the 2 eggs were 3"])
    func aStatedAmountCorrectsTheEntryNamed(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say("2 eggs and a glass of whole milk")
        let milk = try #require(chat.entries.first { $0.foodId == "usda:01077" })
        let reply = chat.say(message)
        #expect(reply.intent == "correct", "\(message): \(reply.text)")
        #expect(chat.entries.count == 2, "\(message)")
        #expect(chat.entries.first { $0.foodId == "usda:01123" }?.quantity == 3, "\(message): \(reply.text)")
        #expect(chat.entries.contains(milk), "\(message) changed the milk")
    }

    @Test func aStatedVolumeCorrectsTheDrink() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs and a glass of whole milk")
        chat.say("the milk was actually 2 cups")
        #expect(chat.entries.count == 2)
        #expect(chat.entries.first { $0.foodId == "usda:01077" }?.grams == 488)
        #expect(chat.entries.first { $0.foodId == "usda:01123" }?.quantity == 2)
    }

    /// A meal's name before the copula is a new log ("lunch was …"); no amount after it changes nothing
    /// ("the eggs were great"); a food not logged yet is logged ("the rice was 1 cup").
    @Test func statementsThatAreNotCorrections() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs for breakfast")
        let eggs = chat.entries
        chat.say("lunch was an apple and a banana")
        #expect(chat.entries.count == 3)
        #expect(chat.entries.filter { $0.meal == "lunch" }.count == 2)
        #expect(chat.entries.contains(eggs[0]))
        chat.say("the eggs were great")
        #expect(chat.entries.first { $0.foodId == "usda:01123" } == eggs[0])
        let reply = chat.say("the rice was 1 cup")
        #expect(reply.intent == "log_food", "\(reply.text)")
        #expect(chat.entries.contains { $0.foodId == "usda:20045" && $0.unit == "cup" })
        #expect(chat.entries.first { $0.foodId == "usda:01123" } == eggs[0])
    }

    /// "and a banana", "also a glass of milk" go on with the meal and day just logged, whatever the clock says; a log
    /// without such a word takes the clock's meal, and one that names its meal keeps it.
    @Test func aLogThatGoesOnJoinsTheMealJustLogged() throws {
        let chat = try ChatHarness()  // 12:30: lunch by the clock
        chat.say("2 eggs for breakfast")
        chat.say("and a banana")
        chat.say("I also had a glass of whole milk")
        chat.say("plus an apple")
        #expect(chat.entries.map(\.meal) == ["breakfast", "breakfast", "breakfast", "breakfast"])
        chat.say("a cup of rice")
        chat.say("and an apple for dinner")
        #expect(chat.entries.filter { $0.meal != "breakfast" }.map(\.meal) == ["lunch", "dinner"])
        chat.say("a banana for dinner yesterday")
        chat.say("and a glass of whole milk")
        #expect(chat.entries.filter { $0.date == "2026-11-20" }.map(\.meal) == ["dinner", "dinner"])
    }

    // MARK: - "it was made with …": a dish told by its parts

    /// The dish just logged becomes the parts the next message tells, in its meal, as one step that undo reverts.
    @Test(arguments: ["it was made with 1/2 cup of oats and a cup of whole milk",
                      "made with 1/2 cup of oats and a cup of whole milk",
                      "the oatmeal was made with 1/2 cup of oats and 1 cup of whole milk",
                      "I made it with 1/2 cup of oats, and a cup of whole milk",
                      "it had 1/2 cup of oats and a cup of whole milk"])
    func aDishToldByItsPartsBecomesItsParts(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say("a banana for breakfast")
        let oatmeal = chat.say("a bowl of oatmeal for breakfast")
        let before = chat.entries
        try #require(before.count == 2, "\(oatmeal.text)")
        let reply = chat.say(message)
        let entries = chat.entries
        #expect(entries.count == 3, "\(message): \(reply.text)")
        #expect(entries.contains(before[0]), "\(message) changed the banana")
        #expect(!entries.contains(before[1]), "\(message) kept the oatmeal")
        #expect(entries.contains { $0.foodId.hasPrefix("usda:081") && $0.unit == "cup" && $0.quantity == 0.5 }, "\(message): \(reply.text)")
        #expect(entries.contains { $0.foodId == "usda:01077" && $0.grams == 244 }, "\(message): \(reply.text)")
        #expect(entries.allSatisfy { $0.meal == "breakfast" }, "\(message)")
        chat.say("undo")
        #expect(chat.entries == before, "\(message)")
    }

    /// Of two entries just logged, the one the message names is replaced; "it" with two entries names none, and
    /// a message with no parts changes nothing.
    @Test func onlyTheDishNamedBecomesItsParts() throws {
        let chat = try ChatHarness()
        chat.say("2 slices of toast and a bowl of oatmeal")
        let toast = try #require(chat.entries.first)
        chat.say("the oatmeal was made with 1/2 cup of oats and a banana")
        #expect(chat.entries.count == 3)
        #expect(chat.entries.contains(toast))
        #expect(chat.entries.contains { $0.foodId == "usda:09040" })
        chat.say("2 eggs and a glass of whole milk")
        chat.say("it had 2 slices of bacon")
        #expect(chat.entries.filter { $0.foodId == "usda:01123" }.count == 1)
        #expect(chat.entries.count == 6)
        let kept = chat.entries
        chat.say("it was great")
        #expect(chat.entries == kept)
    }

    // MARK: - Said about a meal or a dish, not a log

    /// "I didn't have lunch" names a meal not eaten: nothing is logged and nothing taken back; the reply names what
    /// that meal already holds.
    @Test(arguments: ["I didn't have lunch", "i skipped lunch", "skipped lunch today", "no lunch for me today",
                      "I did not eat lunch", "I'm skipping lunch", "I missed lunch"])
    func aMealNotEatenLogsAndTakesNothing(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say("2 eggs for breakfast")
        let eggs = chat.entries
        let reply = chat.say(message)
        #expect(chat.entries == eggs, "\(message): \(reply.text)")
        #expect(reply.text.hasPrefix("Noted: no lunch today."), "\(message): \(reply.text)")
        #expect(chat.say("I skipped breakfast").text.contains("2 eggs"))
        #expect(chat.entries == eggs)
    }

    /// Foods after "didn't have" are still taken back; a meal word with other words is no skipped meal.
    @Test func notAMealSkipped() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs and a banana for breakfast")
        chat.say("I did not have the banana")
        #expect(chat.entries.map(\.foodId) == ["usda:01123"])
        let reply = chat.say("no breakfast ideas with eggs please")
        #expect(!reply.text.hasPrefix("Noted"), "\(reply.text)")
        #expect(chat.entries.map(\.foodId) == ["usda:01123"])
    }

    /// "the pizza was great" is a word about a food: nothing logged, nothing changed, and a food not in the diary
    /// is pointed out.
    @Test(arguments: ["the eggs were delicious", "it was great", "that was so good", "loved it", "yum",
                      "the eggs were really bland", "my eggs were a bit dry", "the pizza was amazing"])
    func aRemarkIsNoLogAndNoCorrection(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say("2 eggs for breakfast")
        let eggs = chat.entries
        let reply = chat.say(message)
        #expect(chat.entries == eggs, "\(message): \(reply.text)")
        #expect(reply.text.hasPrefix("Glad") || reply.text.hasPrefix("Sorry"), "\(message): \(reply.text)")
        #expect(reply.text.contains("no pizza") == message.contains("pizza"), "\(message): \(reply.text)")
    }

    /// "that was for dinner", "those were yesterday": the last message's entries move, all of them, as one step;
    /// a correction with an amount or a food is no move.
    @Test(arguments: ["actually that was for dinner", "that was for dinner", "those were for dinner", "no, dinner",
                      "actually it was dinner", "oops that should be dinner", "put that in dinner"])
    func theLastMessageMovesToTheMealNamed(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say("2 eggs and a slice of toast for breakfast")
        let before = chat.entries
        let reply = chat.say(message)
        #expect(chat.entries.map(\.meal) == ["dinner", "dinner"], "\(message): \(reply.text)")
        #expect(chat.entries.map(\.grams) == before.map(\.grams), "\(message)")
        chat.say("undo")
        #expect(chat.entries == before, "\(message)")
    }

    @Test func theLastMessageMovesToTheDayNamed() throws {
        let chat = try ChatHarness()
        chat.say("a banana for lunch")
        chat.say("2 eggs for dinner")
        chat.say("those were yesterday")
        let eggs = { chat.entries.first { $0.foodId == "usda:01123" } }
        #expect(chat.entries.first { $0.foodId == "usda:09040" }?.date == "2026-11-21")
        #expect(eggs()?.date == "2026-11-20")
        #expect(eggs()?.meal == "dinner")
        chat.say("actually 3 eggs")
        #expect(eggs()?.quantity == 3)
        #expect(eggs()?.date == "2026-11-20")
    }

    /// "I only ate half": the entry named, or the last message's entries, become that share; "half a banana" is a
    /// new log.
    @Test func onlyAShareWasEaten() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs and a glass of whole milk")
        let before = chat.entries
        chat.say("I only ate half")
        #expect(chat.entries.map(\.grams) == before.map { $0.grams / 2 })
        let kcal: Double = chat.entries.map(\.kcal).reduce(0, +)
        let wholeKcal: Double = before.map(\.kcal).reduce(0, +)
        #expect(abs(kcal - wholeKcal / 2) < 1)
        chat.say("undo")
        #expect(chat.entries == before)
        chat.say("I only had a third of the milk")
        #expect(chat.entries.first { $0.foodId == "usda:01077" }.map { abs($0.grams - 244.0 / 3) < 0.1 } == true)
        #expect(chat.entries.first { $0.foodId == "usda:01123" } == before.first { $0.foodId == "usda:01123" })
        chat.say("half a banana")
        #expect(chat.entries.count == 3)
        #expect(chat.entries.first { $0.foodId == "usda:01077" }.map { abs($0.grams - 244.0 / 3) < 0.1 } == true)
    }

    /// "same again" logs the last message again; "same breakfast as yesterday" logs that day's breakfast today;
    /// with nothing there, nothing is logged and the reply says so.
    @Test func theSameAgain() throws {
        let chat = try ChatHarness()  // 12:30, lunch by the clock
        chat.say("for breakfast yesterday I had 2 eggs and a slice of toast")
        #expect(chat.entries.count == 2)
        for message in ["same breakfast as yesterday", "repeat yesterday's breakfast", "I had the same breakfast as yesterday"] {
            let before = chat.entries.count
            let reply = chat.say(message)
            let today = chat.entries.filter { $0.date == "2026-11-21" }
            #expect(chat.entries.count == before + 2, "\(message): \(reply.text)")
            #expect(today.allSatisfy { $0.meal == "breakfast" }, "\(message)")
            chat.say("undo")
        }
        chat.say("a banana")
        chat.say("same again")
        #expect(chat.entries.filter { $0.foodId == "usda:09040" }.count == 2)
        let kept = chat.entries
        let reply = chat.say("same dinner as yesterday")
        #expect(chat.entries == kept)
        #expect(reply.text.hasPrefix("There's nothing logged for dinner"), "\(reply.text)")
    }

    /// "snacked on chips at lunch" is lunch: a meal phrase said after a verb of eating names the meal.
    @Test(arguments: ["snacked on an apple at lunch", "snacking on an apple for lunch", "I snacked on an apple at lunch"])
    func aMealNamedAfterSnackingIsTheMeal(_ message: String) throws {
        let chat = try ChatHarness(now: "2026-11-21T16:00:00")
        chat.say(message)
        #expect(chat.entries.map(\.meal) == ["lunch"], "\(message)")
    }

    /// A stated amount of a food not logged yet is logged under the food's name ("1 cup of rice"); "skim not whole"
    /// names no salmon, so the salmon stays.
    @Test func aStatementOfAFoodNotLoggedIsItsLog() throws {
        let chat = try ChatHarness()
        chat.say("6 oz of salmon for dinner")
        let salmon = chat.entries
        chat.say("the rice was 1 cup")
        #expect(chat.entries.contains { $0.text == "1 cup of rice" && $0.meal == "lunch" })
        #expect(chat.entries.contains(salmon[0]))
        chat.say("6 oz of salmon for dinner")
        let now = chat.entries
        chat.say("skim not whole")
        #expect(chat.entries == now)
    }

    @Test(arguments: ["snacked on an apple", "I snacked on an apple", "snacking on an apple", "an apple as a snack"])
    func snackingIsASnack(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say(message)
        #expect(chat.entries.map(\.meal) == ["afternoon snack"], "\(message)")
    }

    @Test(arguments: ["can you delete the banana", "please remove the banana", "could you please delete the banana"])
    func aPoliteCommandIsTheCommand(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say("2 eggs and a banana for breakfast")
        let reply = chat.say(message)
        #expect(chat.entries.map(\.foodId) == ["usda:01123"], "\(message): \(reply.text)")
        chat.say("please undo")
        #expect(chat.entries.count == 2, "\(message)")
        chat.say("can you move the banana to lunch")
        #expect(chat.entries.first { $0.foodId == "usda:09040" }?.meal == "lunch")
    }

    // MARK: - More of what was just logged

    @Test(arguments: [("one more", 1.0), ("another", 1.0), ("another one please", 1.0), ("I had one more", 1.0),
                      ("2 more", 2.0), ("two more", 2.0), ("had 3 more", 3.0), ("seconds", 2.0), ("a refill", 2.0)])
    func moreOfTheLastEntryIsANewEntry(_ row: (message: String, quantity: Double)) throws {
        let chat = try ChatHarness()
        chat.say("2 eggs")
        let first = try #require(chat.entries.first)
        let reply = chat.say(row.message)
        #expect(reply.intent == "log_food", "\(row.message): \(reply.text)")
        let entries = chat.entries
        #expect(entries.count == 2, "\(row.message): \(reply.text)")
        let more = try #require(entries.first { $0.id != first.id })
        #expect(more.foodId == first.foodId && more.quantity == row.quantity && more.meal == first.meal, "\(row.message)")
        #expect(abs(more.grams - first.grams * row.quantity / 2) < 0.5, "\(row.message): \(more.grams) g")
        #expect(first.quantity == 2, "\(row.message): the first entry stays")
    }

    @Test func aUnitSaidPicksTheEntryMeasuredInIt() throws {
        let chat = try ChatHarness()
        chat.say("a glass of milk and 2 slices of bread")
        chat.say("another slice")
        #expect(chat.entries.count == 3)
        let bread = chat.entries.filter { $0.foodId == "usda:18069" }
        #expect(bread.count == 2)
        #expect(bread.contains { $0.quantity == 1 && $0.text == "1 slice of bread" }, "\(bread.map(\.text))")
        chat.say("2 more glasses")
        let milk = chat.entries.filter { $0.text.contains("milk") }
        #expect(milk.count == 2)
        #expect(milk.contains { $0.quantity == 2 && abs($0.grams - 2 * (milk.first?.grams ?? 0)) < 1 }, "\(milk.map(\.text))")
    }

    @Test func secondsOfAMealAreTheWholeMealAgain() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs and a glass of milk")
        let meal = chat.entries
        chat.say("seconds")
        #expect(chat.entries.count == 4)
        #expect(Set(chat.entries.map(\.grams)) == Set(meal.map(\.grams)))
    }

    @Test func aCountOfMoreWithTwoFoodsAsksWhich() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs and a glass of milk")
        let reply = chat.say("one more")
        #expect(reply.text.hasPrefix("More of which"), "\(reply.text)")
        #expect(chat.entries.count == 2)
        let nothing = try ChatHarness()
        let first = nothing.say("one more")
        #expect(first.text.contains("nothing logged yet"), "\(first.text)")
        #expect(nothing.entries.isEmpty)
    }

    @Test(arguments: ["another glass of milk", "one more glass of milk"])
    func moreWithAFoodIsThatFood(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say("2 eggs")
        chat.say(message)
        #expect(chat.entries.count == 2)
        #expect(chat.entries.contains { $0.text.contains("milk") }, "\(message): \(chat.entries.map(\.text))")
    }

    @Test(arguments: ["no more", "tell me more", "no more eggs today", "one more thing"])
    func moreWordsThatLogNothing(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say("2 eggs")
        chat.say(message)
        #expect(chat.entries.count == 1, "\(message): \(chat.entries.map(\.text))")
    }

    // MARK: - Shared foods

    @Test(arguments: [("I split a big mac with my wife", 0.5), ("shared a big mac with 2 friends", 1.0 / 3),
                      ("my husband and I split a big mac", 0.5), ("the 4 of us shared a big mac", 0.25)])
    func aSharedFoodIsTheShareEaten(_ row: (message: String, share: Double)) throws {
        let chat = try ChatHarness()
        let reply = chat.say(row.message)
        #expect(reply.intent == "log_food", "\(row.message): \(reply.text)")
        #expect(chat.entries.count == 1, "\(row.message): \(chat.entries.map(\.text))")
        let grams = try #require(chat.entries.first?.grams)
        #expect(abs(grams - 219 * row.share) < 1, "\(row.message): \(grams) g")
        #expect(chat.entries.first?.text.hasPrefix(ReplyText.share(row.share) + " of ") == true, "\(chat.entries.map(\.text))")
    }

    @Test(arguments: ["split the cost of a big mac with friends", "how do I split a big mac", "share this big mac recipe with my wife"])
    func aRequestToShareLogsNothing(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say(message)
        #expect(chat.entries.isEmpty, "\(message): \(chat.entries.map(\.text))")
    }

    @Test func companyIsNeverFood() throws {
        let chat = try ChatHarness()
        chat.say("I had a big mac with my wife")
        #expect(chat.entries.count == 1)
        #expect(chat.entries.first?.grams == 219)
    }

    // MARK: - A food told more exactly keeps its place and its portion

    @Test func anotherMilkInTheCoffeeKeepsTheSplash() throws {
        for correction in ["actually lowfat milk", "the milk was lowfat milk", "lowfat milk, not regular"] {
            let chat = try ChatHarness()
            chat.say("oatmeal and a coffee with whole milk for breakfast")
            let before = chat.entries
            let milk = try #require(before.first { $0.foodId == "usda:01077" })
            let reply = chat.say(correction)
            #expect(reply.intent == "correct", "\(correction) → \(reply.text)")
            let after = chat.entries
            #expect(after.count == before.count, "\(correction): \(after.map(\.text))")
            let changed = try #require(after.first { $0.id == milk.id })
            #expect(changed.foodId == "usda:01082", "\(correction) → \(changed.foodName)")
            #expect(abs(changed.grams - milk.grams) < 0.5, "\(correction): \(changed.grams) g, was \(milk.grams) g")
            // The oatmeal ("regular and quick" in its name) is untouched.
            #expect(after.filter { $0.id != milk.id } == before.filter { $0.id != milk.id })
        }
    }

    @Test func aReplacedWordInTheNameIsNotSaidTwice() throws {
        let chat = try ChatHarness()
        chat.say("white rice and a glass of whole milk for lunch")
        let reply = chat.say("brown rice not white")
        #expect(reply.text.hasPrefix("Updated #1: brown rice — Rice, brown"), "\(reply.text)")
        #expect(chat.entries.contains { $0.foodId == "usda:20037" && $0.text == "brown rice" })
    }

    @Test func aContainerCorrectsTheEntryInThatContainer() throws {
        let chat = try ChatHarness()
        chat.say("white rice and a glass of whole milk for lunch")
        let reply = chat.say("actually 2 glasses")
        #expect(reply.text.contains("2 glasses whole milk"), "\(reply.text)")
        #expect(chat.entries.contains { $0.foodId == "usda:01077" && $0.quantity == 2 && $0.grams == 488 })
        #expect(chat.entries.contains { $0.foodId == "usda:20045" && $0.quantity == 1 })
    }

    @Test func slicesAfterWaterStillCorrectTheSlices() throws {
        let chat = try ChatHarness()
        chat.say("2 slices of toast for breakfast")
        chat.say("a glass of water")
        let reply = chat.say("actually 3 slices")
        #expect(reply.text.hasPrefix("Updated #1"), "\(reply.text)")
        #expect(chat.entries.first?.quantity == 3)
        #expect(try chat.journal.water(on: "2026-11-21") == 240)
    }

    @Test func anEntryToldWithAnArticleKeepsIt() throws {
        let chat = try ChatHarness()
        chat.say("a glass of whole milk")
        #expect(chat.say("lowfat not whole").text.contains(": a glass of lowfat milk"), "\(chat.entries.map(\.text))")
        #expect(chat.entries.first?.text.hasPrefix("a glass of ") == true, "\(chat.entries.map(\.text))")
    }

    @Test(arguments: ["move the peanut butter to dinner", "move my peanut butter to my dinner",
                      "move peanut butter to dinner", "put the peanut butter to dinner"])
    func aMoveToAMealIsAMoveWhateverTheFoodSounds(_ message: String) throws {
        let chat = try ChatHarness()
        chat.say("an apple and 2 tbsp peanut butter for lunch")
        let reply = chat.say(message)
        #expect(reply.text.hasPrefix("Moved 2 tbsp peanut butter from lunch to dinner"), "\(message) → \(reply.text)")
        #expect(chat.entries.count == 2)
        #expect(chat.entries.contains { $0.foodId == "usda:16098" && $0.meal == "dinner" })
        #expect(chat.entries.contains { $0.foodId == "usda:09003" && $0.meal == "lunch" })
    }

    @Test func switchToAFoodIsACorrectionNotAMove() throws {
        let chat = try ChatHarness()
        chat.say("oatmeal and a glass of whole milk for breakfast")
        let reply = chat.say("switch to lowfat milk")
        #expect(reply.intent == "correct")
        #expect(reply.text.hasPrefix("Updated #2: a glass of lowfat milk"), "\(reply.text)")
        #expect(chat.entries.map(\.foodId).sorted() == ["usda:01082", "usda:08121"])
        #expect(chat.say("switch the oatmeal to lunch").text.hasPrefix("Moved oatmeal from breakfast to lunch"))
    }

    // MARK: - A nutrition question about what was just logged

    @Test func aQuestionPointingBackAnswersTheLastMessagesEntries() throws {
        let chat = try ChatHarness()
        #expect(chat.say("how many calories was that").text.hasPrefix("Which food do you mean?"))
        chat.say("2 eggs and an apple for breakfast")
        let logged = chat.entries
        #expect(logged.count == 2)
        let total = ReplyText.kcal(logged.reduce(0) { $0 + $1.kcal })
        for question in ["how many calories was that", "How many calories was that?", "calories in that?",
                         "how many calories did I just eat", "how many calories were those in total"] {
            let reply = chat.say(question)
            #expect(reply.text.hasSuffix(": \(total) in all."), "\(question) → \(reply.text)")
            #expect(reply.text.hasPrefix("2 eggs ("), "\(question) → \(reply.text)")
        }
        let macros = chat.say("what are the macros of that")
        #expect(macros.text.contains("\(total) in all, "), "\(macros.text)")
        #expect(macros.text.contains(" g protein, "), "\(macros.text)")
        let protein = chat.say("how much protein was in all of that")
        #expect(protein.text.hasSuffix(" g protein in all."), "\(protein.text)")
        chat.say("and a banana")
        let banana = chat.say("how many calories is in it")
        #expect(banana.text.hasPrefix("A banana: "), "\(banana.text)")
        #expect(!banana.text.contains("in all"), "\(banana.text)")
        // Questions change nothing; a question naming a food answers for that food.
        #expect(chat.entries.count == 3)
        #expect(chat.say("how much sugar is in that banana").text.hasPrefix("A banana: "))
        #expect(chat.say("how much protein is in that beef").text.contains("per 100 g"))
    }

    @Test func aWeighedFoodInAQuestionIsNotLogged() throws {
        let chat = try ChatHarness()
        for question in ["how much protein is in 100g of beef", "calories in 100 g of chicken breast",
                         "macros for 100g of rice", "protein per 100 g of tofu"] {
            let reply = chat.say(question)
            #expect(reply.intent == "ask_nutrition", "\(question) → \(reply.intent): \(reply.text)")
        }
        #expect(chat.entries.isEmpty)
    }

    // MARK: - One line per reply

    @Test func exitWordsEndOnlyWhenTheyAreTheWholeLine() throws {
        let chat = try ChatHarness()
        for line in ["bye", "Bye!", "quit", "exit", ":q", "goodbye"] { #expect(chat.conversation.isExit(line), "\(line)") }
        for line in ["bye bye birdie pie", "\u{3}q", "quit smoking", "a banana"] { #expect(!chat.conversation.isExit(line), "\(line)") }
    }

    @Test func repliesFoldToOneLine() {
        #expect(ReplyLayout.oneLine("a\n  b   c\n\nd") == "a · b c · d")
        let wrapped = ReplyLayout.wrapped(String(repeating: "word ", count: 30), width: 40)
        #expect(wrapped.split(separator: "\n").allSatisfy { $0.count <= 40 })
    }

    /// Right after a log, with no question open, an amount alone can only say an entry's amount again: it corrects
    /// as "actually …" would (the entry measured in that unit, else the counted one), one undo step.
    @Test(arguments: [
        (["I had rice", "1 cup"], "3/4 cup", "usda:20045", 0.75),
        (["I had rice", "1 cup"], "about 3/4 cup", "usda:20045", 0.75),
        (["a banana"], "2", "usda:09040", 2),
        (["2 eggs and a glass of whole milk"], "3", "usda:01123", 3),
        (["2 eggs and a cup of whole milk"], "1/2 cup", "usda:01077", 0.5),
        (["2 eggs and a cup of whole milk"], "actually 1/2 cup", "usda:01077", 0.5),
    ])
    func anAmountAloneAfterALogCorrectsIt(before: [String], amount: String, food: String, quantity: Double) throws {
        let chat = try ChatHarness()
        for message in before { chat.say(message) }
        let count = chat.entries.count
        let reply = chat.say(amount)
        #expect(reply.intent == "correct", "\(amount): \(reply.text)")
        #expect(reply.text.hasPrefix("Updated #"), "\(amount): \(reply.text)")
        #expect(chat.entries.count == count, "\(amount): \(chat.entries.map(\.text))")
        #expect(chat.entries.contains { $0.foodId == food && $0.quantity == quantity }, "\(amount): \(chat.entries.map(\.text))")
        chat.say("undo")
        #expect(!chat.entries.contains { $0.foodId == food && $0.quantity == quantity }, "undo after \(amount)")
    }

    /// The other entries of that message stay as they were.
    @Test func anAmountAloneLeavesTheOtherEntries() throws {
        let chat = try ChatHarness()
        chat.say("2 eggs and a cup of whole milk")
        let eggs = try #require(chat.entries.first { $0.foodId == "usda:01123" })
        chat.say("1/2 cup")
        #expect(chat.entries.first { $0.foodId == "usda:01123" } == eggs)
    }

    /// With nothing just logged, or after water, a weight or exercise, an amount alone changes no food entry.
    @Test(arguments: [[String](), ["a banana", "a glass of water"], ["a banana", "I weigh 80 kg"], ["a banana", "ran 5 km"]])
    func anAmountAloneWithNoFoodJustLoggedChangesNoEntry(before: [String]) throws {
        let chat = try ChatHarness()
        for message in before { chat.say(message) }
        let entries = chat.entries
        let reply = chat.say("2")
        #expect(reply.intent != "correct" || !reply.text.hasPrefix("Updated #"), "after \(before): \(reply.text)")
        #expect(chat.entries == entries, "after \(before): \(chat.entries.map(\.text))")
    }

    /// A weight or volume no entry of the last message was said in could be any of them: chat asks which (never the
    /// last one by default), and the answer may name the entry by number or by its food.
    @Test(arguments: [("actually 200 g", "the rice"), ("200 g", "rice"), ("actually 200 g", "2"), ("200 g", "#2")])
    func aWeightForSeveralEntriesIsAskedAbout(correction: String, answer: String) throws {
        let chat = try ChatHarness()
        chat.say("a banana and rice for lunch")
        let before = chat.entries
        let asked = chat.say(correction)
        #expect(asked.text.hasPrefix("Which one?"), "\(correction): \(asked.text)")
        #expect(chat.entries == before, "\(correction) changed \(chat.entries.map(\.text))")
        let reply = chat.say(answer)
        #expect(reply.text.hasPrefix("Updated #2"), "\(answer): \(reply.text)")
        #expect(chat.entries.first { $0.foodId == "usda:20045" }?.grams == 200, "\(chat.entries.map(\.text))")
        #expect(chat.entries.first { $0.foodId == "usda:09040" } == before.first { $0.foodId == "usda:09040" })
    }

    /// An amount no one eats in one go corrects nothing and says why, never that the food is unknown.
    @Test(arguments: ["634", "actually 634", "make that 500 cups"])
    func anImplausibleCorrectionSaysWhy(message: String) throws {
        let chat = try ChatHarness()
        chat.say("a banana")
        let entries = chat.entries
        let reply = chat.say(message)
        #expect(reply.text.hasSuffix("Nothing changed."), "\(message): \(reply.text)")
        #expect(!reply.text.contains("couldn't find"), "\(message): \(reply.text)")
        #expect(chat.entries == entries, "\(message): \(chat.entries.map(\.text))")
    }
}
