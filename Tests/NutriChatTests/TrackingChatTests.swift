import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Tracking messages as people type them, with a fixed clock (2026-11-21 12:30): counted exercise, changes of weight.
@Suite("Tracking chat: everyday phrasings")
struct TrackingChatTests {
    /// A count of a movement is logged with a duration estimated from the seconds one repetition takes.
    @Test(arguments: [
        ("did 20 pushups", "calisthenics", 1.0),
        ("20 push-ups this morning", "calisthenics", 1.0),
        ("did 3 sets of 10 squats", "weight lifting", 1.5),
        ("3 rounds of 20 sit ups", "calisthenics", 3.0),
        ("50 reps of lunges", "calisthenics", 2.5),
        ("100 jumping jacks", "jumping jacks", 100.0 / 60),
        ("did 15 burpees", "calisthenics", 1.0),
        ("20 pushups", "calisthenics", 1.0),
        ("10 pull ups", "calisthenics", 0.5),
        ("40 lunges", "calisthenics", 2.0),
    ])
    func aCountOfAMovementIsLoggedWithAnEstimatedDuration(said: String, activity: String, minutes: Double) throws {
        let chat = try ChatHarness()
        let reply = chat.say(said)
        #expect(reply.intent == "log_exercise", "\(said)")
        #expect(reply.text.contains("estimated"), "\(said): \(reply.text)")
        let logged = try #require(try chat.journal.exercise(on: "2026-11-21").first, "\(said)")
        #expect(logged.activity == activity)
        #expect(abs(logged.minutes - minutes) < 0.01, "\(said): \(logged.minutes)")
        #expect(try chat.journal.entries(on: "2026-11-21").isEmpty, "\(said) logged food")
    }

    /// A movement with no count, or a count of something else, is not estimated from repetitions.
    @Test(arguments: ["did some pushups", "I did squats"])
    func aMovementWithoutACountStillAsksHowLong(said: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(said)
        #expect(reply.text.contains("How long"), "\(said): \(reply.text)")
        #expect(try chat.journal.exercise(on: "2026-11-21").isEmpty)
    }

    /// A counted food whose first word is no movement stays a food: nothing is logged as exercise.
    @Test(arguments: ["2 bananas", "3 eggs", "2 slices of bread"])
    func aCountedFoodIsStillFood(said: String) throws {
        let chat = try ChatHarness()
        chat.say(said)
        #expect(try chat.journal.exercise(on: "2026-11-21").isEmpty, "\(said)")
        #expect(try chat.journal.entries(on: "2026-11-21").count == 1, "\(said)")
    }

    /// A stated time wins over the count; undo takes the counted exercise back and leaves food alone.
    @Test func aStatedTimeWinsAndUndoTakesTheCountedExerciseBack() throws {
        let chat = try ChatHarness()
        chat.say("20 minutes of pushups, about 100 reps")
        #expect(try chat.journal.exercise(on: "2026-11-21").map(\.minutes) == [20])
        chat.say("a banana")
        chat.say("did 20 pushups")
        #expect(try chat.journal.exercise(on: "2026-11-21").count == 2)
        chat.say("undo")
        #expect(try chat.journal.exercise(on: "2026-11-21").map(\.minutes) == [20])
        #expect(try chat.journal.entries(on: "2026-11-21").count == 1)
    }

    /// A correction right after an exercise changes the exercise's time, distance or count, as one undoable step.
    @Test(arguments: [
        ("went for a 30 min jog", "actually it was 45 minutes", 45.0, nil as Double?),
        ("played tennis for an hour", "make that 90 minutes", 90.0, nil),
        ("ran 5 km in 30 minutes", "actually 6 km", 30.0, 6.0),
        ("did 20 pushups", "actually 30", 1.5, nil),
        ("did 20 pushups", "actually 30 pushups", 1.5, nil),
        ("cycled for 20 minutes", "actually 25", 25.0, nil),
    ])
    func aCorrectionAfterAnExerciseChangesTheExercise(logged: String, correction: String, minutes: Double, km: Double?) throws {
        let chat = try ChatHarness()
        chat.say("a banana")
        chat.say(logged)
        let before = try #require(try chat.journal.exercise(on: "2026-11-21").first)
        let food = try chat.journal.entries(on: "2026-11-21")
        let reply = chat.say(correction)
        #expect(reply.text.hasPrefix("Updated"), "\(logged) / \(correction): \(reply.text)")
        let after = try #require(try chat.journal.exercise(on: "2026-11-21").first)
        #expect(abs(after.minutes - minutes) < 0.01, "\(correction): \(after.minutes)")
        #expect(after.distanceKm == km)
        #expect(try chat.journal.entries(on: "2026-11-21") == food, "\(correction) changed food")
        chat.say("undo")
        #expect(try chat.journal.exercise(on: "2026-11-21").first?.minutes == before.minutes)
    }

    /// A correction that names a food after an exercise is about the food; the exercise stays.
    @Test func aCorrectionNamingAFoodAfterAnExerciseChangesTheFood() throws {
        let chat = try ChatHarness()
        chat.say("a banana")
        chat.say("walked for 20 minutes")
        chat.say("actually 2 bananas")
        #expect(try chat.journal.entries(on: "2026-11-21").first?.quantity == 2)
        #expect(try chat.journal.exercise(on: "2026-11-21").map(\.minutes) == [20])
    }

    /// "down 2 pounds", "lost 1 kg", "gained 2 lb": a change from the last weight before the day, logged as today's.
    @Test(arguments: [
        ("down 2 pounds this week", 80 - 0.907),
        ("lost 1 kg", 79.0),
        ("dropped 1.5 kg since last week", 78.5),
        ("I've gained 2 lbs", 80 + 0.907),
    ])
    func aWeightChangeIsCountedFromTheLastWeight(said: String, kilograms: Double) throws {
        let chat = try ChatHarness()
        chat.say("I weighed 80 kg yesterday")
        let reply = chat.say(said)
        #expect(reply.intent == "log_weight", "\(said): \(reply.text)")
        let today = try #require(try chat.journal.weights(from: "2026-11-21", to: "2026-11-21").first, "\(said): \(reply.text)")
        #expect(abs(today.kilograms - kilograms) < 0.01, "\(said): \(today.kilograms)")
        #expect(try chat.journal.weights(from: "2026-11-20", to: "2026-11-20").map(\.kilograms) == [80])
        chat.say("undo")
        #expect(try chat.journal.weights(from: "2026-11-21", to: "2026-11-21").isEmpty)
    }

    /// A change with no weight logged asks for the weight and saves nothing; a whole weight is never a change.
    @Test func aWeightChangeWithoutAWeightAsksAndAWholeWeightIsAWeight() throws {
        let chat = try ChatHarness()
        #expect(chat.say("down 2 pounds this week").text.contains("from what"))
        #expect(try chat.journal.weights(from: "2000-01-01", to: "2999-12-31").isEmpty)
        chat.say("I weigh 80 kg")
        #expect(chat.say("I weigh 79 kg, down 1 kg").text.contains("79 kg"))
        #expect(try chat.journal.weights(from: "2026-11-21", to: "2026-11-21").map(\.kilograms) == [79])
    }

    /// "I'm down to 78 kg" is where the person is now: a weigh-in, not a target weight.
    @Test(arguments: ["I am down to 78 kg", "I'm down to 78 kg", "I am now down to 78 kg"])
    func downToAWeightIsAWeighIn(_ said: String) throws {
        let chat = try ChatHarness()
        chat.say("I weigh 80 kg")
        let reply = chat.say(said)
        #expect(try chat.journal.weights(from: "2026-11-21", to: "2026-11-21").map(\.kilograms) == [78], "\(said): \(reply.text)")
    }

    /// "2 km each way", "20 minutes each way": out and back, twice what was said.
    @Test(arguments: [("walked 2 km each way to work", 4.0, nil), ("cycled 20 minutes each way", nil, 40.0),
                      ("walked 2 km to work", 2.0, nil)] as [(String, Double?, Double?)])
    func eachWayCountsTheTripTwice(said: String, km: Double?, minutes: Double?) throws {
        let chat = try ChatHarness()
        let reply = chat.say(said)
        let logged = try #require(try chat.journal.exercise(on: "2026-11-21").first, "\(said): \(reply.text)")
        if let km { #expect(abs((logged.distanceKm ?? 0) - km) < 0.01, "\(said): \(reply.text)") }
        if let minutes { #expect(abs(logged.minutes - minutes) < 0.01, "\(said): \(reply.text)") }
    }

    /// Several exercises told in one message, each with its own amount, are each logged (one undo step); an
    /// amount shared by two activities, or one activity with an afterthought, stays one exercise.
    @Test(arguments: [
        ("ran 5 km and then did 30 minutes of yoga", ["running", "yoga"]),
        ("walked 30 min, then swam 1 km", ["walking", "swimming"]),
        ("did 20 pushups and 30 situps", ["calisthenics", "calisthenics"]),
        ("ran 5 km and swam 20 laps", ["running", "swimming"]),
        ("cycled for an hour; 15 minutes of stretching after", ["cycling", "stretching"]),
        ("ran and walked 5 km", ["running"]),
        ("30 minutes of running and walking", ["running"]),
        ("ran 5 km in 30 minutes and felt great", ["running"]),
        ("walked 10,000 steps", ["walking"]),
    ])
    func severalExercisesAreEachLogged(said: String, activities: [String]) throws {
        let chat = try ChatHarness()
        let reply = chat.say(said)
        let logged = try chat.journal.exercise(on: "2026-11-21")
        #expect(logged.map(\.activity) == activities, "\(said): \(reply.text)")
        #expect(!logged.contains { $0.minutes <= 0 }, "\(said): \(reply.text)")
        if activities.count > 1 {
            _ = chat.say("undo")
            #expect(try chat.journal.exercise(on: "2026-11-21").isEmpty, "undo takes back all of \(said)")
        }
    }

    /// The two exercises keep their own amounts: the yoga's 30 minutes are not the run's.
    @Test func eachExerciseKeepsItsOwnAmount() throws {
        let chat = try ChatHarness()
        let reply = chat.say("ran 5 km and then did 30 minutes of yoga")
        let logged = try chat.journal.exercise(on: "2026-11-21")
        #expect(logged.first?.distanceKm == 5, "\(reply.text)")
        #expect(logged.last?.minutes == 30, "\(reply.text)")
        #expect(logged.last?.distanceKm == nil, "\(reply.text)")
        #expect(reply.text.components(separatedBy: "Exercise today").count == 2, "one day total: \(reply.text)")
    }

    /// A number counting a movement is exercise, whatever food shares the word ("crunch" cereal, a crunch bar);
    /// the same words without a counted movement stay food.
    @Test(arguments: ["10 chin ups", "did 12 chin-ups", "50 crunches", "3 sets of 12 crunches", "did 15 squats",
                      "20 mountain climbers"])
    func aCountedMovementIsExercise(said: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(said)
        #expect(reply.intent == "log_exercise", "\(said): \(reply.text)")
        #expect(try chat.journal.exercise(on: "2026-11-21").count == 1, "\(said): \(reply.text)")
        #expect(try chat.journal.entries(on: "2026-11-21").isEmpty, "\(said): \(reply.text)")
    }

    @Test(arguments: ["a nestle crunch bar", "2 cups of captain crunch", "a bowl of cinnamon toast crunch"])
    func crunchFoodsStayFood(said: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(said)
        #expect(reply.intent == "log_food", "\(said): \(reply.text)")
        #expect(try chat.journal.exercise(on: "2026-11-21").isEmpty, "\(said): \(reply.text)")
    }

    /// A count of laps is a distance where the activity has a lap (exercise-laps.tsv): a pool length, a track lap.
    @Test(arguments: [("swam 20 laps", 0.5), ("swam 40 lengths", 1.0), ("ran 8 laps", 3.2),
                      ("walked 4 laps around the track", 1.6), ("swam 1 km", 1.0)])
    func lapsAreADistance(said: String, km: Double) throws {
        let chat = try ChatHarness()
        let reply = chat.say(said)
        let logged = try #require(try chat.journal.exercise(on: "2026-11-21").first, "\(said): \(reply.text)")
        #expect(abs((logged.distanceKm ?? 0) - km) < 0.001, "\(said): \(reply.text)")
    }

    /// An activity told with no amount beside one with an amount that does not fit it: the other is logged and
    /// this one asked about; the answer logs it.
    @Test func anExerciseWithoutAmountIsAskedAfterTheOthersAreLogged() throws {
        let chat = try ChatHarness()
        let reply = chat.say("did yoga, then ran 3 miles")
        #expect(try chat.journal.exercise(on: "2026-11-21").map(\.activity) == ["running"], "\(reply.text)")
        #expect(reply.pending == "exercise" && reply.text.contains("How long was the yoga?"), "\(reply.text)")
        let answer = chat.say("45 minutes")
        let logged = try chat.journal.exercise(on: "2026-11-21")
        #expect(logged.map(\.activity) == ["running", "yoga"], "\(answer.text)")
        #expect(logged.last?.minutes == 45, "\(answer.text)")
        // Told last, after an exercise that ends with its amount: the run is logged and the yoga asked about.
        for said in ["ran 3 miles and did yoga", "swam 1 km, then stretched", "walked 30 minutes and then did some yoga"] {
            let other = try ChatHarness()
            let first = other.say(said)
            #expect(try other.journal.exercise(on: "2026-11-21").count == 1, "\(said): \(first.text)")
            #expect(first.pending == "exercise" && first.text.contains("How long was"), "\(said): \(first.text)")
            let minutes = other.say("20 minutes")
            #expect(try other.journal.exercise(on: "2026-11-21").last?.minutes == 20, "\(said): \(minutes.text)")
        }
        // The same words with the activity told last share the amount, or add nothing.
        for said in ["30 minutes of running and walking", "ran 5 km in 30 minutes and felt great", "ran 5 km and then showered"] {
            let other = try ChatHarness()
            let reply = other.say(said)
            #expect(try other.journal.exercise(on: "2026-11-21").count == 1 && reply.pending == nil, "\(said): \(reply.text)")
        }
    }

    /// A question about what an exercise would burn is answered with an estimate, and nothing is logged.
    @Test(arguments: [
        ("how many calories does running 5 km burn", "Running, 5 km"),
        ("how many calories do 50 crunches burn?", "Calisthenics, 50 reps"),
        ("how much would 30 minutes of yoga burn", "Yoga, 30 min"),
        ("how many calories are burned swimming 20 laps", "Swimming, 0.5 km"),
        ("calories burnt cycling for an hour?", "Cycling, 1 h"),
        ("what does a 3 mile walk burn", "Walking, 4.8 km"),
    ])
    func aBurnQuestionIsAnEstimate(said: String, opening: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(said)
        #expect(reply.text.hasPrefix(opening) && reply.text.contains("burns about") && reply.text.contains("Nothing logged"),
                "\(said): \(reply.text)")
        #expect(try chat.journal.exercise(on: "2026-11-21").isEmpty && reply.logged.isEmpty, "\(said)")
    }

    /// Without an amount, or about the day, a burn question is about what was logged, not an estimate.
    @Test(arguments: ["how many calories did my run burn", "how many calories did I burn today", "how much do I burn a day"])
    func aBurnQuestionWithoutAnExerciseIsNoEstimate(said: String) throws {
        let chat = try ChatHarness()
        chat.say("ran 5 km")
        let reply = chat.say(said)
        #expect(!reply.text.contains("burns about"), "\(said): \(reply.text)")
        #expect(try chat.journal.exercise(on: "2026-11-21").count == 1, "\(said)")
    }
}
