import Foundation
import NutriData
import NutriStore
import Testing
@testable import NutriChat

/// The Dietary Reference Intake lookup, the hit and streak rules, the pattern statistics and the calorie arithmetic.
@Suite("Insight rules")
struct InsightRuleTests {
    static let tables: InsightTables? = try? InsightTables.load(from: DataDirectory.bundled.lexicon)

    private func reference(_ key: String, age: Int?, sex: ProfileRecord.Sex?) throws -> IntakeReference {
        let tables = try #require(Self.tables)
        return try #require(tables.references.references(age: age, sex: sex).first { $0.key == key })
    }

    @Test(arguments: [
        ("iron_mg", 34, ProfileRecord.Sex.female, 18.0), ("iron_mg", 34, .male, 8), ("iron_mg", 55, .female, 8),
        ("iron_mg", 16, .female, 15), ("calcium_mg", 55, .female, 1200), ("calcium_mg", 55, .male, 1000),
        ("vitamin_d_iu", 75, .male, 800), ("vitamin_d_iu", 40, .female, 600), ("vitamin_c_mg", 5, .male, 25),
        ("vitamin_c_mg", 30, .male, 90), ("magnesium_mg", 25, .male, 400), ("magnesium_mg", 35, .male, 420),
        ("vitamin_a_rae_ug", 30, .female, 700), ("potassium_mg", 40, .male, 3400), ("zinc_mg", 40, .female, 8),
    ])
    func targetsByAgeAndSex(_ key: String, _ age: Int, _ sex: ProfileRecord.Sex, _ amount: Double) throws {
        #expect(try reference(key, age: age, sex: sex).amount == amount)
    }

    @Test func withoutAgeOrSexTheHigherTargetAndTheLowerUpperLevel() throws {
        #expect(try reference("iron_mg", age: nil, sex: nil).amount == 18)  // 31–50, the woman's RDA
        #expect(try reference("vitamin_c_mg", age: 35, sex: nil).amount == 90)
        #expect(try reference("magnesium_mg", age: 20, sex: nil).amount == 400)
    }

    @Test func upperLevelsAndTheirScope() throws {
        let sodium = try reference("sodium_mg", age: 40, sex: .female)
        #expect(sodium.upper == 2300 && sodium.upperScope == .cdrr && sodium.upperAppliesToFood)
        let magnesium = try reference("magnesium_mg", age: 40, sex: .male)
        #expect(magnesium.upper == 350 && !magnesium.upperAppliesToFood)  // supplements only
        let vitaminA = try reference("vitamin_a_rae_ug", age: 40, sex: .male)
        #expect(vitaminA.upperKey == "retinol_ug" && vitaminA.upper == 3000)
    }

    /// Every vitamin and mineral with a DRI has a target for every age from 1 to 120 and both sexes, and its key is one
    /// NutriChat knows.
    @Test func everyLifeStageIsCovered() throws {
        let tables = try #require(Self.tables)
        let keys = ["vitamin_a_rae_ug", "vitamin_c_mg", "vitamin_d_iu", "vitamin_e_mg", "vitamin_k_ug", "thiamin_mg",
                    "riboflavin_mg", "niacin_mg", "pantothenic_acid_mg", "vitamin_b6_mg", "folate_ug", "vitamin_b12_ug",
                    "choline_mg", "calcium_mg", "copper_mg", "fluoride_ug", "iron_mg", "magnesium_mg", "manganese_mg",
                    "phosphorus_mg", "potassium_mg", "selenium_ug", "sodium_mg", "zinc_mg"]
        for key in keys { #expect(tables.nutrient(key) != nil, "\(key)") }
        for age in 1...120 {
            for sex in ProfileRecord.Sex.allCases {
                let found = Set(tables.references.references(age: age, sex: sex).map(\.key))
                #expect(found == Set(keys), "age \(age) \(sex): \(Set(keys).subtracting(found))")
            }
        }
    }

    @Test func vitaminAIsWorkedOutAsRetinolActivityEquivalents() throws {
        let derived = try #require(Self.tables).derived
        let rae = derived.adding(to: ["retinol_ug": 100, "beta_carotene_ug": 1200, "alpha_carotene_ug": 240])
        #expect(abs((rae["vitamin_a_rae_ug"] ?? 0) - 210) < 0.1)
        #expect(derived.adding(to: ["vitamin_c_mg": 5])["vitamin_a_rae_ug"] == nil)
        #expect(derived.answering("vitamin_a_iu") == "vitamin_a_rae_ug")
    }

    // MARK: - Hits and streaks

    static func day(_ date: String, kcal: Double, protein: Double = 0, water: Double = 0, logged: Bool = true) -> PeriodSummary.Day {
        PeriodSummary.Day(date: date, entryCount: logged ? 3 : 0, totals: logged ? ["energy_kcal": kcal, "protein_g": protein] : [:],
                          mealKcal: [:], waterMl: water, exerciseKcal: 0)
    }

    @Test(arguments: [(1800.0, true), (2200, true), (1799, false), (2201, false), (2000, true)])
    func calorieHitIsWithinTenPercent(_ kcal: Double, _ hit: Bool) {
        #expect(GoalStreaks.hits(.calories, day: Self.day("2026-11-20", kcal: kcal), target: 2000) == hit)
    }

    @Test func proteinAndWaterHitAtOrAboveTarget() {
        #expect(GoalStreaks.hits(.protein, day: Self.day("2026-11-20", kcal: 0, protein: 90), target: 90))
        #expect(!GoalStreaks.hits(.protein, day: Self.day("2026-11-20", kcal: 0, protein: 89.9), target: 90))
        #expect(GoalStreaks.hits(.water, day: Self.day("2026-11-20", kcal: 0, water: 2000, logged: false), target: 2000))
        #expect(!GoalStreaks.hits(.calories, day: Self.day("2026-11-20", kcal: 2000, logged: false), target: 2000))
    }

    @Test func streaksCountRunsAndLeaveAnUnfinishedTodayOut() {
        let kcal: [Double] = [2000, 2000, 2500, 2000, 2000, 2000, 900]  // the last is today, not yet hit
        let days = kcal.enumerated().map { Self.day("2026-11-\(16 + $0.offset)", kcal: $0.element) }
        let open = GoalStreaks.record(.calories, days: days, target: 2000, today: "2026-11-22")
        #expect(open.hits == 5 && open.days == 6 && open.current == 3 && open.longest == 3)
        let closed = GoalStreaks.record(.calories, days: days, target: 2000, today: "2026-11-23")
        #expect(closed.days == 7 && closed.current == 0 && closed.longest == 3)
        var hitToday = days
        hitToday[6] = Self.day("2026-11-22", kcal: 1950)
        #expect(GoalStreaks.record(.calories, days: hitToday, target: 2000, today: "2026-11-22").current == 4)
    }

    // MARK: - Patterns

    @Test func weekdayMeansNeedTwoWeeksAndRankHighestFirst() {
        let days = (0..<14).map { offset -> PeriodSummary.Day in
            let date = DayArithmetic.adding(offset, to: "2026-11-02") ?? ""  // a Monday
            return Self.day(date, kcal: DayArithmetic.weekday(date) == 7 ? 2600 : 1800 + Double(offset))
        }
        let means = EatingPatterns.weekdayMeans(days)
        #expect(means.first?.name == "Saturday" && means.first?.meanKcal == 2600 && means.first?.days == 2)
        #expect(means.count == 7)
    }

    static func entry(_ date: String, _ food: String) -> JournalEntry {
        JournalEntry(date: date, meal: "dinner", text: food, foodId: "usda:\(food)", foodName: food, quantity: 1, unit: nil,
                     grams: 100, nutrients: ["energy_kcal": 100], createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func overGoalFoodsNeedAMinimumCountAndAClearGap() {
        let over: Set<String> = ["d1", "d2", "d3", "d4"]
        let other: Set<String> = ["d5", "d6", "d7", "d8"]
        var entries = ["d1", "d2", "d3"].map { Self.entry($0, "pizza") }  // 3 of 4 over, 0 of 4 other: named
        entries += ["d1", "d2"].map { Self.entry($0, "cake") }  // only 2 over-goal days: below the minimum count
        entries += ["d1", "d2", "d3", "d5", "d6", "d7"].map { Self.entry($0, "bread") }  // 75 % against 75 %: no gap
        let found = EatingPatterns.overFoods(entries, over: over, other: other)
        #expect(found.map(\.name) == ["pizza"])
        #expect(found.first?.overDays == 3 && found.first?.overShare == 0.75 && found.first?.otherShare == 0)
    }

    // MARK: - Periods and the calorie arithmetic

    @Test func periods() {
        #expect(Period.week(containing: "2026-11-21") == Period(kind: .week, start: "2026-11-16", end: "2026-11-22"))
        #expect(Period.week(containing: "2026-11-16")?.start == "2026-11-16")
        #expect(Period.month("2028-02")?.days.count == 29)
        #expect(Period.month("2026-13") == nil && Period.range(from: "2026-11-02", to: "2026-11-01") == nil)
        #expect(Period.month("2026-11")?.days(through: "2026-11-21").count == 21)
    }

    @Test func calorieSuggestionShowsItsArithmetic() throws {
        var plan = TargetPlan.make(profile: ProfileRecord(), weightKg: 80, age: nil, set: ["energy_kcal": 2000])
        plan.goal = .lose
        plan.weeklyRateKg = 0.5
        let weights = (0..<5).map { WeightRecord(date: DayArithmetic.adding($0 * 7, to: "2026-10-25") ?? "", kilograms: 80 - Double($0) * 0.2,
                                                 text: "", createdAt: Date()) }
        let suggestion = try #require(CalorieAdjustment.suggest(trend: WeightTrend.make(weights), plan: plan))
        #expect(abs(suggestion.observedKgPerWeek + 0.2) < 1e-9 && suggestion.spanDays == 28)
        #expect(abs(suggestion.dailyChange + 330) < 1e-6 && suggestion.suggestedTarget == 1670)
        #expect(suggestion.explanation.contains("= -330 kcal a day: 2,000 kcal → 1,670 kcal."))
        // On plan, or weighed for under three weeks: no suggestion.
        let onPlan = (0..<5).map { WeightRecord(date: DayArithmetic.adding($0 * 7, to: "2026-10-25") ?? "", kilograms: 80 - Double($0) * 0.45,
                                                text: "", createdAt: Date()) }
        #expect(CalorieAdjustment.suggest(trend: WeightTrend.make(onPlan), plan: plan) == nil)
        #expect(CalorieAdjustment.suggest(trend: WeightTrend.make(Array(weights.prefix(3))), plan: plan) == nil)
    }
}
