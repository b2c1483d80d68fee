import Foundation
import NutriStore

/// Daily targets worked out from the profile, the latest weight and any goals set directly, keeping every
/// intermediate number so replies can show how each target was derived.
public struct TargetPlan: Sendable, Equatable {
    /// Where a target came from.
    public enum Source: Sendable, Equatable {
        /// Worked out from the profile.
        case computed
        /// Set directly by the person.
        case set
        /// The default used until a profile or goal sets it.
        case standard
    }

    /// One daily target and its source.
    public struct Target: Sendable, Equatable {
        public var value: Double
        public var source: Source
    }

    /// Protein per kilogram of body weight: more while losing (to keep muscle) or gaining, less to maintain.
    public static let proteinPerKgLosing = 1.6
    public static let proteinPerKgGaining = 1.6
    public static let proteinPerKgMaintaining = 1.2
    /// Share of energy from fat.
    public static let fatShare = 0.30
    /// Water per kilogram of body weight, in milliliters.
    public static let waterPerKg = 35.0
    /// The weekly rate assumed when someone wants to lose or gain but names no rate.
    public static let defaultWeeklyRateKg = 0.5
    /// The fastest weekly change NutriChat plans for.
    public static let maximumWeeklyRateKg = 1.0
    /// Energy per gram: protein and carbohydrate 4 kcal, fat 9 kcal.
    public static let kcalPerGramProtein = 4.0
    public static let kcalPerGramCarbohydrate = 4.0
    public static let kcalPerGramFat = 9.0

    public var energy: Target
    public var protein: Target
    public var carbohydrate: Target
    public var fat: Target
    public var water: Target

    /// The inputs the computed targets used, when the profile was complete enough.
    public var body: BodyStats?
    public var activity: ProfileRecord.Activity?
    public var goal: ProfileRecord.WeightGoal?
    /// Kilograms per week (0 when maintaining).
    public var weeklyRateKg: Double
    /// Whether the rate is the default because none was stated.
    public var rateAssumed: Bool
    public var basalMetabolicRate: Double?
    /// Energy to keep the current weight (TDEE).
    public var maintenance: Double?
    /// Daily energy change for the goal (negative to lose).
    public var adjustment: Double
    /// The energy the goal would give before the safe floor, when the floor was applied.
    public var belowFloor: Double?
    /// The floor that applies (by sex).
    public var floor: Double
    /// The protein factor used, g/kg, when protein was computed.
    public var proteinPerKg: Double?
    /// The weight protein and water were computed from.
    public var weightKg: Double?
    /// What the profile still lacks for a computed energy target.
    public var missing: [ProfileField]

    /// The `diary --json` goals.
    public var goals: DiaryDay.Goals {
        var goals = DiaryDay.Goals()
        goals.energyKcal = energy.value
        goals.proteinG = protein.value
        goals.carbohydrateG = carbohydrate.value
        goals.fatG = fat.value
        goals.waterMl = water.value
        return goals
    }

    /// Works out the targets. `set` holds goals set directly by key ("energy_kcal"); `age` is the age on the day.
    public static func make(profile: ProfileRecord, weightKg: Double?, age: Int?, set: [String: Double]) -> TargetPlan {
        let defaults = DiaryDay.Goals()
        let goal = profile.goal
        let rateAssumed = (goal == .lose || goal == .gain) && profile.weeklyRateKg == nil
        let rate = goal == .maintain || goal == nil ? 0 : (profile.weeklyRateKg ?? defaultWeeklyRateKg)
        var plan = TargetPlan(
            energy: Target(value: defaults.energyKcal, source: .standard),
            protein: Target(value: defaults.proteinG, source: .standard),
            carbohydrate: Target(value: defaults.carbohydrateG, source: .standard),
            fat: Target(value: defaults.fatG, source: .standard),
            water: Target(value: defaults.waterMl, source: .standard),
            body: nil, activity: profile.activity, goal: goal, weeklyRateKg: rate, rateAssumed: rateAssumed,
            basalMetabolicRate: nil, maintenance: nil, adjustment: 0, belowFloor: nil,
            floor: EnergyFormulas.safeFloor(profile.sex), proteinPerKg: nil, weightKg: weightKg,
            missing: ProfileField.missing(in: profile, weightKg: weightKg))
        if let weightKg, let height = profile.heightCm, let age, let sex = profile.sex, let activity = profile.activity {
            let body = BodyStats(weightKg: weightKg, heightCm: height, age: age, sex: sex)
            plan.body = body
            let bmr = EnergyFormulas.basalMetabolicRate(body)
            let maintenance = EnergyFormulas.dailyExpenditure(basalMetabolicRate: bmr, activity: activity)
            plan.basalMetabolicRate = bmr
            plan.maintenance = maintenance
            plan.adjustment = (goal == .lose ? -1 : 1) * EnergyFormulas.dailyAdjustment(kilogramsPerWeek: rate)
            var energy = (maintenance + plan.adjustment)
            if energy < plan.floor {
                plan.belowFloor = energy
                energy = plan.floor
            }
            plan.energy = Target(value: (energy / 10).rounded() * 10, source: .computed)
            let factor = goal == .lose ? proteinPerKgLosing : goal == .gain ? proteinPerKgGaining : proteinPerKgMaintaining
            plan.proteinPerKg = factor
            plan.protein = Target(value: (factor * weightKg).rounded(), source: .computed)
        }
        if let weightKg { plan.water = Target(value: (waterPerKg * weightKg / 50).rounded() * 50, source: .computed) }
        if let energy = set["energy_kcal"] { plan.energy = Target(value: energy, source: .set) }
        if let protein = set["protein_g"] { plan.protein = Target(value: protein, source: .set) }
        if let water = set["water_ml"] { plan.water = Target(value: water, source: .set) }
        plan.splitEnergy(set: set)
        return plan
    }

    /// Fat and carbohydrate from the energy target: fat 30 % of energy, carbohydrate the rest after protein.
    /// Untouched (the standard daily values) while energy and protein are both standard.
    private mutating func splitEnergy(set: [String: Double]) {
        if energy.source != .standard || protein.source != .standard {
            fat = Target(value: (energy.value * Self.fatShare / Self.kcalPerGramFat).rounded(), source: .computed)
        }
        if let setFat = set["fat_g"] { fat = Target(value: setFat, source: .set) }
        if energy.source != .standard || protein.source != .standard || fat.source == .set {
            let rest = energy.value - protein.value * Self.kcalPerGramProtein - fat.value * Self.kcalPerGramFat
            carbohydrate = Target(value: max(0, rest / Self.kcalPerGramCarbohydrate).rounded(), source: .computed)
        }
        if let setCarbs = set["carbohydrate_g"] { carbohydrate = Target(value: setCarbs, source: .set) }
    }
}
