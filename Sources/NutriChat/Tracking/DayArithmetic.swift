import Foundation
import NutriLanguage

/// Calendar arithmetic on ISO dates ("2026-11-21") without a time zone: day counts, offsets and whole years.
public enum DayArithmetic {
    /// (year, month, day) of an ISO date, or nil when it is not a real date.
    static func parts(_ iso: String) -> (year: Int, month: Int, day: Int)? {
        let fields = iso.split(separator: "-")
        guard fields.count == 3, fields[0].count == 4, let y = Int(fields[0]), let m = Int(fields[1]), let d = Int(fields[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        let (cy, cm, cd) = civil(dayNumber(y, m, d))
        return cy == y && cm == m && cd == d ? (y, m, d) : nil
    }

    /// Days from `start` to `end` (negative when `end` is earlier), or nil for a bad date.
    static func days(from start: String, to end: String) -> Int? {
        guard let a = parts(start), let b = parts(end) else { return nil }
        return dayNumber(b.year, b.month, b.day) - dayNumber(a.year, a.month, a.day)
    }

    /// The ISO date `offset` days after `iso`.
    static func adding(_ offset: Int, to iso: String) -> String? {
        guard let p = parts(iso) else { return nil }
        let (y, m, d) = civil(dayNumber(p.year, p.month, p.day) + offset)
        return format(y, m, d)
    }

    /// Whole years from `start` to `end` (an age: the birthday must have passed).
    public static func wholeYears(from start: String, to end: String) -> Int? {
        guard let a = parts(start), let b = parts(end) else { return nil }
        var years = b.year - a.year
        if (b.month, b.day) < (a.month, a.day) { years -= 1 }
        return years
    }

    /// "2026-11-21" from its parts.
    static func format(_ year: Int, _ month: Int, _ day: Int) -> String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static func dayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int {
        CivilDate.daysFromEpoch(year: year, month: month, day: day)
    }

    private static func civil(_ days: Int) -> (Int, Int, Int) {
        CivilDate.civil(daysFromEpoch: days)
    }
}
