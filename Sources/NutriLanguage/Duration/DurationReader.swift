import Foundation

/// Durations: "30 minutes", "an hour and a half", "1h30", "three quarters of an hour" → minutes.
///
/// Rules: `<number> <duration unit>`, compounds `<n> hours <m> (minutes)` and `<n> hour(s) and a half`
/// (`MeasureScanner`); number words through the one number grammar. Negatives: "a day", "per week", "2 pm".
public enum DurationReader {
    /// The first duration stated, in minutes.
    public static func minutes(in text: MeasureText) -> Double? { stated(in: text)?.amount }

    /// The first duration measure, signed and as written ("-30 min"), for a reader that refuses it.
    public static func stated(in text: MeasureText) -> MeasureText.Measure? {
        text.measures.first { $0.dimension == .duration }
    }
}
