import Foundation
import NutriData
import NutriStore
import Testing
import NutriLanguage
@testable import NutriChat

/// The message readers as corpora: profile facts, goals set directly and preferences, and the weight trend.
@Suite("Tracking readers")
struct TrackingReaderTests {
    static let lexicon: TrackingLexicon? = try? TrackingLexicon.load(
        from: DataDirectory.bundled.lexicon, language: LanguageLexicon.load(from: DataDirectory.bundled.lexicon))

    func profile(_ text: String, asking: ProfileField? = nil, units: ProfileRecord.Units = .metric) throws -> ProfileStatement {
        let lexicon = try #require(Self.lexicon)
        return ProfileStatement.read(lexicon.phrase(text), vocabulary: lexicon.profile, asking: asking, units: units, today: "2026-11-21")
    }

    @Test func aWholeProfileInOneMessage() throws {
        let s = try profile("I'm a 30 year old man, 180 cm tall and I weigh 80 kg")
        #expect(s.age == 30 && s.sex == .male && s.heightCm == 180 && s.weightKg == 80)
        let t = try profile("i'm 34, female, 168cm, 62kg")
        #expect(t.age == 34 && t.sex == .female && t.heightCm == 168 && t.weightKg == 62)
        let u = try profile("I'm 5 foot 10 and 170 lbs")
        #expect(u.age == nil && abs((u.heightCm ?? 0) - 177.8) < 0.01 && abs((u.weightKg ?? 0) - 77.11) < 0.01)
    }

    @Test(arguments: [
        ("I'm moderately active", ProfileRecord.Activity.moderate), ("I'm sedentary", .sedentary),
        ("I work a desk job and don't exercise much", .sedentary), ("I'm very active, I train 6 days a week", .very),
        ("change my activity level to lightly active", .light), ("I'm not very active", .sedentary),
        ("extremely active", .extra), ("moderate", .moderate),
    ])
    func activityLevels(text: String, activity: ProfileRecord.Activity) throws {
        #expect(try profile(text).activity == activity, "\(text)")
    }

    @Test(arguments: [
        ("I want to lose half a kilo per week", ProfileRecord.WeightGoal.lose, 0.5 as Double?, nil as Double?),
        ("lose 0.5 kg a week", .lose, 0.5, nil), ("I want to gain 1 lb a week", .gain, 0.4536, nil),
        ("I want to lose 5 kg", .lose, nil, 5), ("maintain", .maintain, nil, nil), ("I want to put on 3 kg", .gain, nil, 3),
        ("lose 2 kg a month", .lose, 0.46, nil),
        ("lose 5 kg in 10 weeks", .lose, 0.5, 5), ("I want to lose 6 kg over 3 months", .lose, 0.46, 6),
        ("I want to gain 2 kg within 8 weeks", .gain, 0.25, 2), ("lose 1 kg every 2 weeks", .lose, 0.5, nil),
    ])
    func weightGoals(text: String, goal: ProfileRecord.WeightGoal, rate: Double?, change: Double?) throws {
        let s = try profile(text)
        #expect(s.goal == goal, "\(text)")
        #expect(s.weeklyRateKg.map { abs($0 - (rate ?? -9)) < 0.01 } ?? (rate == nil), "\(text): \(String(describing: s.weeklyRateKg))")
        #expect(s.changeKg == change, "\(text)")
        #expect(s.weightKg == nil, "\(text)")
    }

    @Test func targetWeights() throws {
        #expect(try profile("my target weight is 75 kg").targetWeightKg == 75)
        #expect(try profile("I'd like to weigh 70 kg").targetWeightKg == 70)
        #expect(try profile("I want to get down to 150 lb").targetWeightKg.map { abs($0 - 68.04) < 0.01 } == true)
    }

    @Test func bareAnswersCountOnlyForTheQuestionAsked() throws {
        #expect(try profile("30", asking: .age).age == 30)
        #expect(try profile("30").isEmpty)
        #expect(try profile("180", asking: .height).heightCm == 180)
        #expect(try profile("5 10", asking: .height).heightCm.map { abs($0 - 177.8) < 0.01 } == true)
        #expect(try profile("1.75", asking: .height).heightCm == 175)
        #expect(try profile("about 80", asking: .weight).weightKg == 80)
        #expect(try profile("176", asking: .weight, units: .imperial).weightKg.map { abs($0 - 79.83) < 0.01 } == true)
        #expect(try profile("f", asking: .sex).sex == .female)
        #expect(try profile("2 eggs", asking: .age).isEmpty)
        #expect(try profile("a banana", asking: .activity).isEmpty)
        #expect(try profile("ran 5 km", asking: .height).isEmpty)
    }

    @Test func birthDates() throws {
        #expect(try profile("my birthday is march 3 1990").birthDate == "1990-03-03")
        #expect(try profile("born 1990-03-03").birthDate == "1990-03-03")
        let year = try profile("I was born in 1990")
        #expect(year.birthDate == "1990-07-01" && year.birthDateApproximate)
    }

    @Test func implausibleValuesAreProblems() throws {
        #expect(try profile("I weigh 900 kg").problems == [.weight(kg: 900, written: "900 kg")])
        #expect(try profile("my height is 20 cm").problems == [.height(cm: 20, written: "20 cm")])
        #expect(try profile("I'm 300 years old").problems == [.age(300)])
        #expect(try profile("I'm 15 years old").problems == [.minor(15)])
        #expect(try profile("lose 3 kg a week").problems == [.rate(kgPerWeek: 3)])
    }

    @Test func units() throws {
        #expect(try profile("use pounds").units == .imperial)
        #expect(try profile("switch to metric").units == .metric)
        #expect(try profile("I weigh 180 pounds").units == nil)
    }

    // MARK: - Goals

    func goals(_ text: String) throws -> NutrientGoalStatement {
        let lexicon = try #require(Self.lexicon)
        return NutrientGoalStatement.read(lexicon.phrase(text), vocabulary: lexicon.profile, words: lexicon.language.readerWords)
    }

    @Test(arguments: [
        ("set my calorie goal to 1800", "energy_kcal", 1800.0), ("1,800 calories a day", "energy_kcal", 1800),
        ("150 g of protein a day", "protein_g", 150), ("set protein to 120", "protein_g", 120),
        ("2 liters of water a day", "water_ml", 2000), ("my water goal is 2500 ml", "water_ml", 2500),
        ("8 glasses of water a day", "water_ml", 1920), ("200 g carbs", "carbohydrate_g", 200), ("fat goal 60 g", "fat_g", 60),
    ])
    func goalsSetDirectly(text: String, key: String, value: Double) throws {
        #expect(try goals(text).values == [key: value], "\(text)")
    }

    @Test func goalsClearedAndRefused() throws {
        #expect(try goals("reset my calorie goal").cleared == ["energy_kcal"])
        #expect(try goals("reset my goals").cleared.count == 5)
        #expect(try goals("set my calorie goal to 50000").problems.first?.key == "energy_kcal")
        #expect(try goals("I want to lose 5 kg").isEmpty)
    }

    // MARK: - Preferences

    func preferences(_ text: String) throws -> PreferenceStatement {
        let lexicon = try #require(Self.lexicon)
        return PreferenceStatement.read(lexicon.phrase(text), table: lexicon.preferences)
    }

    @Test(arguments: [
        ("I'm vegetarian", "vegetarian", PreferenceRecord.Kind.diet), ("I'm allergic to peanuts", "peanut", .allergy),
        ("I don't eat pork", "pork", .avoid), ("I have a nut allergy", "tree nut", .allergy),
        ("I'm lactose intolerant", "dairy", .intolerance), ("I'm on a gluten free diet", "gluten", .avoid),
        ("I do not eat red meat", "red meat", .avoid), ("I am vegan", "vegan", .diet),
    ])
    func preferencesAdded(text: String, item: String, kind: PreferenceRecord.Kind) throws {
        let s = try preferences(text)
        #expect(s.added.map(\.item) == [item], "\(text)")
        #expect(s.added.first?.kind == kind, "\(text)")
        #expect(s.removed.isEmpty)
    }

    @Test(arguments: ["I eat pork again", "remove my peanut allergy", "I'm not vegetarian anymore", "I'm no longer vegan",
                      "no more peanut allergy"])
    func preferencesRemoved(text: String) throws {
        let s = try preferences(text)
        #expect(s.added.isEmpty && s.removed.count == 1, "\(text)")
    }

    @Test func foodWordsAloneAreNoPreference() throws {
        #expect(try preferences("I want more meat").isEmpty)
        #expect(try preferences("I'm allergic to shellfish and peanuts").added.map(\.item) == ["shellfish", "peanut"])
    }

    @Test func conflictRules() throws {
        let table = try #require(Self.lexicon).preferences
        #expect(table.conflicts("vegetarian", groupCode: "05", words: ["chicken", "breast"]))
        #expect(table.conflicts("vegetarian", groupCode: "21", words: ["mcdonald", "big", "mac"]))
        #expect(!table.conflicts("vegetarian", groupCode: "16", words: ["lentil"]))
        #expect(table.conflicts("dairy", groupCode: "01", words: ["milk", "whole"]))
        #expect(!table.conflicts("dairy", groupCode: "01", words: ["egg", "whole", "raw"]))
        #expect(!table.conflicts("dairy", groupCode: "16", words: ["peanut", "butter"]))
        #expect(table.conflicts("peanut", groupCode: "16", words: ["peanut", "butter"]))
        #expect(!table.conflicts("tree nut", groupCode: "16", words: ["peanut", "butter"]))
        #expect(table.conflicts("vegan", groupCode: "01", words: ["egg", "scrambled"]))
        #expect(table.conflicts("gluten", groupCode: "18", words: ["bread", "white"]))
        #expect(!table.conflicts("beef", groupCode: "21", words: ["veggie", "burger"]))
    }

    // MARK: - Trend

    @Test func weightTrendAverageSlopeAndChart() {
        let records = [("2026-11-01", 82.0), ("2026-11-08", 81.3), ("2026-11-10", 81.1), ("2026-11-15", 80.6)].map {
            WeightRecord(date: $0.0, kilograms: $0.1, text: "", createdAt: Date())
        }
        let trend = WeightTrend.make(records)
        #expect(zip(trend.points.map(\.average), [82.0, 81.3, 81.2, 80.85]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(abs((trend.changePerWeekKg ?? 0) + 0.7) < 0.01)
        #expect(trend.spanDays == 14)
        let lines = WeightChart(rows: 5, columns: 20).render(trend)
        #expect(lines.count == 1 + 5 + 3)
        #expect(lines.filter { $0.contains("●") }.count >= 3)
        #expect(lines[1].hasPrefix("82.0 │●"))
        #expect(WeightChart().render(WeightTrend.make(Array(records.prefix(1)))).isEmpty)
        #expect(WeightTrend.make(Array(records.prefix(1))).changePerWeekKg == nil)
    }
}
