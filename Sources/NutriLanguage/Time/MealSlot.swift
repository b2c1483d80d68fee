import Foundation

/// The meal an entry belongs to.
public enum MealSlot: String, CaseIterable, Sendable {
    case breakfast
    case morningSnack = "morning snack"
    case lunch
    case afternoonSnack = "afternoon snack"
    case dinner
    case snack

    /// The meal a person most likely means when they log food at `hour:minute` and name no meal.
    ///
    /// | clock           | meal            |
    /// |-----------------|-----------------|
    /// | 04:00 – 10:29   | breakfast       |
    /// | 10:30 – 11:29   | morning snack   |
    /// | 11:30 – 14:29   | lunch           |
    /// | 14:30 – 17:29   | afternoon snack |
    /// | 17:30 – 21:59   | dinner          |
    /// | 22:00 – 03:59   | snack           |
    ///
    /// Why these: breakfast runs late on weekends, and lunch starts before noon in many workplaces; food logged
    /// late at night is rarely a full meal, so it is a snack rather than a second dinner.
    public static func fromClock(hour: Int, minute: Int) -> MealSlot {
        let minutes = (hour * 60 + minute) % (24 * 60)
        switch minutes {
        case 240..<630: return .breakfast          // 04:00–10:29
        case 630..<690: return .morningSnack       // 10:30–11:29
        case 690..<870: return .lunch              // 11:30–14:29
        case 870..<1050: return .afternoonSnack    // 14:30–17:29
        case 1050..<1320: return .dinner           // 17:30–21:59
        default: return .snack                     // 22:00–03:59
        }
    }
}
