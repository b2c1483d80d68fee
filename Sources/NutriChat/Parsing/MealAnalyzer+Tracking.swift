import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

extension MealAnalyzer {
    /// The first tracking amount of a tracking message that chat would refuse ("ran -5 km", "I weigh 1e308 kg",
    /// "swam 99999999999999999999 min"), as the line's error: `parse` reports what chat will not log. Amounts keep
    /// their sign and size through the one number grammar (`MeasureText.Measure`); the bounds are the readers' own.
    func trackingAmountProblem(_ text: String, intent: Intent) -> String? {
        guard [.logExercise, .logWeight, .setProfile, .setGoal, .logWater].contains(intent) else { return nil }
        for measure in MeasureText(text, lexicon: services.language).measures {
            let plausible: Bool
            if intent == .logExercise, measure.dimension == .duration {
                plausible = ExerciseReading.minutesPerExercise.contains(measure.amount)
            } else if intent == .logExercise, measure.dimension == .length {
                plausible = ExerciseReading.kilometersPerExercise.contains(measure.amount / 1000)
            } else if measure.unit.body == .weight, intent != .logExercise, intent != .logWater {
                plausible = measure.amount > 0 && measure.amount / 1000 <= ProfileStatement.weights.upperBound
            } else if measure.unit.body == .height, intent != .logWater {
                plausible = measure.amount > 0 && measure.amount * 100 <= ProfileStatement.heights.upperBound
            } else if intent == .logWater, let milliliters = measure.drinkMilliliters {
                plausible = milliliters > 0 && milliliters <= JournalRules.maximumWaterMilliliters
            } else {
                continue
            }
            guard plausible else {
                let reason = measure.amount < 0 ? "is negative" : "is out of range"
                return "implausible amount: \"\(measure.written)\" \(reason)"
            }
        }
        return nil
    }
}
