import Foundation

/// The rules for the rows beside entries and water: exercise, weight, goals, preferences, the profile, meal slots
/// and recipes. Writers ask them before saving; readers ask them of every row they meet, so a row put there some
/// other way (an old version, a hand edit, a damaged page) is named and left out instead of shown.
extension JournalRules {
    /// The longest exercise bout: a whole day.
    public static let maximumExerciseMinutes = 1440.0
    /// The longest distance one bout can cover, in km.
    public static let maximumExerciseKm = 1000.0
    /// The highest MET value: more than any activity's (the top of the compendium is about 23).
    public static let maximumMET = 30.0

    /// Checks a bout of exercise: a real day, a duration within 24 hours, and energy no body could exceed.
    public static func check(_ exercise: ExerciseRecord) throws {
        try checkDate(exercise.date)
        try checkText(exercise.activity, field: "activity", allowEmpty: false)
        try checkText(exercise.text, field: "text")
        guard exercise.minutes.isFinite, exercise.minutes > 0, exercise.minutes <= maximumExerciseMinutes else {
            throw StoreError.invalidValue("an exercise lasts more than 0 and at most 24 hours")
        }
        guard exercise.kcal.isFinite, exercise.kcal >= 0, exercise.met.isFinite, exercise.met > 0,
              exercise.bodyWeightKg.isFinite, exercise.bodyWeightKg > 0 else {
            throw StoreError.invalidValue("exercise energy must be a positive number")
        }
        try checkAmount(exercise.kcal, field: "exercise energy", maximum: maximumEntryKcal, unit: "kcal")
        try checkAmount(exercise.met, field: "MET", maximum: maximumMET, unit: "")
        try checkAmount(exercise.bodyWeightKg, field: "body weight", maximum: WeightRecord.validRange.upperBound, unit: "kg")
        if let distance = exercise.distanceKm {
            try checkAmount(distance, field: "distance", maximum: maximumExerciseKm, unit: "km")
        }
    }

    /// Checks a goal: a known key and an amount above 0 and below what one day could hold.
    public static func check(_ goal: GoalRecord) throws {
        guard GoalRecord.keys.contains(goal.key) else {
            throw StoreError.invalidValue("unknown goal '\(TextSafety.stripped(String(goal.key.prefix(20))))'")
        }
        guard goal.amount.isFinite, goal.amount > 0 else { throw StoreError.invalidValue("a goal must be more than 0") }
        let ceiling = goal.key == "water_ml" ? maximumWaterMilliliters : maximumAmount(forKey: goal.key)
        guard goal.amount <= ceiling else {
            throw StoreError.invalidValue("the \(goal.key) goal is over the limit of \(Int(ceiling)) a day")
        }
    }

    /// Checks a preference: an item and the words it was said with.
    public static func check(_ preference: PreferenceRecord) throws {
        try checkText(preference.item, field: "preference item", allowEmpty: false)
        try checkText(preference.text, field: "preference text")
    }

    /// Checks the profile's values: each set field within what a person can be.
    public static func check(_ profile: ProfileRecord) throws {
        if let age = profile.age, !(1...120).contains(age) { throw StoreError.invalidValue("age must be between 1 and 120") }
        if let height = profile.heightCm, !(height.isFinite && (50...272).contains(height)) {
            throw StoreError.invalidValue("height must be between 50 and 272 cm")
        }
        if let rate = profile.weeklyRateKg, !(rate.isFinite && (0...1.5).contains(rate)) {
            throw StoreError.invalidValue("the weekly rate must be between 0 and 1.5 kg")
        }
        if let target = profile.targetWeightKg, !(target.isFinite && WeightRecord.validRange.contains(target)) {
            throw StoreError.invalidValue("the target weight must be between 20 and 500 kg")
        }
        if let birth = profile.birthDate { try checkDate(birth) }
        if let stated = profile.ageDate { try checkDate(stated) }
    }

    /// Checks a meal slot: a name as ``MealSlotName`` stores it and a position.
    public static func check(_ slot: MealSlotRecord) throws {
        try checkText(slot.name, field: "meal-slot name", allowEmpty: false)
        guard (try? MealSlotName.validated(slot.name)) == slot.name else {
            throw StoreError.invalidValue("the meal-slot name '\(slot.name.prefix(30))' is not a stored slot name")
        }
        guard slot.position >= 0 else { throw StoreError.invalidValue("a meal-slot position cannot be negative") }
    }

    /// Checks a recipe's own row (its ingredients are rows of their own).
    public static func check(_ recipe: RecipeRecord) throws {
        _ = try UserFoodRules.validatedName(recipe.name, kind: "recipe")
        try checkText(recipe.text, field: "recipe text")
        guard recipe.servings.isFinite, recipe.servings > 0, recipe.servings <= UserFoodRules.maximumServings else {
            throw StoreError.invalidValue("a recipe makes more than 0 and at most \(Int(UserFoodRules.maximumServings)) servings")
        }
    }
}
