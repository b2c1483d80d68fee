import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// The pure formulas: BMR, TDEE, weekly rate, exercise energy, unit conversions and the target plan.
@Suite("Tracking formulas")
struct TrackingFormulaTests {
    @Test func mifflinStJeorForAManAndAWoman() {
        let man = BodyStats(weightKg: 80, heightCm: 180, age: 30, sex: .male)
        #expect(EnergyFormulas.basalMetabolicRate(man) == 1780)
        let woman = BodyStats(weightKg: 60, heightCm: 165, age: 40, sex: .female)
        #expect(abs(EnergyFormulas.basalMetabolicRate(woman) - 1270.25) < 1e-9)
    }

    @Test(arguments: [
        (ProfileRecord.Activity.sedentary, 1.2), (.light, 1.375), (.moderate, 1.55), (.very, 1.725), (.extra, 1.9),
    ])
    func activityFactors(activity: ProfileRecord.Activity, factor: Double) {
        #expect(activity.factor == factor)
        #expect(abs(EnergyFormulas.dailyExpenditure(basalMetabolicRate: 1000, activity: activity) - 1000 * factor) < 1e-9)
    }

    @Test func weeklyRateToDailyEnergy() {
        #expect(EnergyFormulas.dailyAdjustment(kilogramsPerWeek: 0.5) == 550)
        #expect(EnergyFormulas.dailyAdjustment(kilogramsPerWeek: 1) == 1100)
    }

    @Test func exerciseEnergyIsMetTimesKilogramsTimesHours() {
        #expect(EnergyFormulas.exerciseKcal(met: 9.8, weightKg: 70, minutes: 30) == 343)
        #expect(EnergyFormulas.exerciseKcal(met: 2.5, weightKg: 80, minutes: 60) == 200)
    }

    @Test func safeFloors() {
        #expect(EnergyFormulas.safeFloor(.female) == 1200)
        #expect(EnergyFormulas.safeFloor(.male) == 1500)
        #expect(EnergyFormulas.safeFloor(nil) == 1200)
    }

    @Test func unitConversions() {
        #expect(abs(UnitConversion.kilograms(fromPounds: 180) - 81.6466) < 1e-4)
        #expect(abs(UnitConversion.pounds(fromKilograms: 80) - 176.37) < 0.01)
        #expect(abs(UnitConversion.centimeters(feet: 5, inches: 10) - 177.8) < 1e-9)
        #expect(UnitConversion.feetAndInches(fromCentimeters: 177.8) == (5, 10))
        #expect(UnitConversion.feetAndInches(fromCentimeters: 182.7) == (6, 0))
        #expect(abs(UnitConversion.miles(fromKilometers: 5) - 3.1069) < 1e-4)
        #expect(abs(UnitConversion.fluidOunces(fromMilliliters: 2000) - 67.63) < 0.01)
        #expect(abs(UnitConversion.kilogramsPerStone - 6.35029318) < 1e-8)
    }

    private func profile(_ sex: ProfileRecord.Sex = .male, goal: ProfileRecord.WeightGoal = .lose, rate: Double? = 0.5) -> ProfileRecord {
        var profile = ProfileRecord()
        profile.age = 30
        profile.sex = sex
        profile.heightCm = 180
        profile.activity = .moderate
        profile.goal = goal
        profile.weeklyRateKg = rate
        return profile
    }

    @Test func acceptancePlanIsNear2200() {
        let plan = TargetPlan.make(profile: profile(), weightKg: 80, age: 30, set: [:])
        #expect(plan.basalMetabolicRate == 1780)
        #expect(abs((plan.maintenance ?? 0) - 2759) < 0.01)
        #expect(plan.adjustment == -550)
        #expect(plan.energy == TargetPlan.Target(value: 2210, source: .computed))
        #expect(plan.protein.value == 128)
        #expect(plan.proteinPerKg == 1.6)
        #expect(plan.fat.value == 74)
        #expect(plan.carbohydrate.value == 258)
        #expect(plan.water.value == 2800)
        #expect(plan.missing.isEmpty)
    }

    @Test func maintainingUsesLessProteinAndNoAdjustment() {
        let plan = TargetPlan.make(profile: profile(goal: .maintain, rate: nil), weightKg: 80, age: 30, set: [:])
        #expect(plan.adjustment == 0)
        #expect(plan.energy.value == 2760)
        #expect(plan.protein.value == 96)
    }

    @Test func theSafeFloorIsKeptAndRemembered() {
        var small = profile(.female, rate: 1)
        small.heightCm = 150
        small.activity = .sedentary
        let plan = TargetPlan.make(profile: small, weightKg: 50, age: 60, set: [:])
        #expect(plan.energy.value == 1200)
        #expect((plan.belowFloor ?? 0) < 1200)
    }

    @Test func defaultsUntilAnythingIsSet() {
        let plan = TargetPlan.make(profile: ProfileRecord(), weightKg: nil, age: nil, set: [:])
        #expect(plan.goals == DiaryDay.Goals())
        #expect(plan.missing == ProfileField.allCases)
    }

    @Test func goalsSetDirectlyWin() {
        let plan = TargetPlan.make(profile: profile(), weightKg: 80, age: 30,
                                   set: ["energy_kcal": 1800, "protein_g": 150, "water_ml": 2500])
        #expect(plan.energy == TargetPlan.Target(value: 1800, source: .set))
        #expect(plan.protein == TargetPlan.Target(value: 150, source: .set))
        #expect(plan.water.value == 2500)
        #expect(plan.fat.value == 60)
        #expect(plan.carbohydrate.value == 165)
    }

    @Test func agesGrowFromTheDayTheyWereStated() {
        var profile = ProfileRecord()
        profile.age = 30
        profile.ageDate = "2026-11-21"
        #expect(profile.age(on: "2027-11-20") == 30)
        #expect(profile.age(on: "2027-11-21") == 31)
        profile.birthDate = "1990-03-03"
        #expect(profile.age(on: "2026-03-02") == 35)
        #expect(profile.age(on: "2026-03-03") == 36)
    }
}
