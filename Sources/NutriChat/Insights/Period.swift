import Foundation
import NutriLanguage

/// A stretch of days a report or calendar covers: one day, a Monday-to-Sunday week, a calendar month or any range.
public struct Period: Sendable, Equatable {
    /// How the period was chosen, for titles and JSON.
    public enum Kind: String, Sendable {
        case day, week, month, range
    }

    public var kind: Kind
    /// First day, "2026-11-01".
    public var start: String
    /// Last day, inclusive.
    public var end: String

    /// One day.
    public static func day(_ date: String) -> Period { Period(kind: .day, start: date, end: date) }

    /// The Monday-to-Sunday week that holds `date`.
    public static func week(containing date: String) -> Period? {
        guard let weekday = DayArithmetic.weekday(date) else { return nil }
        let fromMonday = (weekday + 5) % 7  // 1 = Sunday … 7 = Saturday → days since Monday
        guard let start = DayArithmetic.adding(-fromMonday, to: date), let end = DayArithmetic.adding(6, to: start) else { return nil }
        return Period(kind: .week, start: start, end: end)
    }

    /// The calendar month `year`-`month`.
    public static func month(year: Int, month: Int) -> Period? {
        guard (1...12).contains(month), (1...9999).contains(year) else { return nil }
        let start = DayArithmetic.format(year, month, 1)
        let next = month == 12 ? DayArithmetic.format(year + 1, 1, 1) : DayArithmetic.format(year, month + 1, 1)
        guard let end = DayArithmetic.adding(-1, to: next) else { return nil }
        return Period(kind: .month, start: start, end: end)
    }

    /// The month a "YYYY-MM" text names, or nil.
    public static func month(_ text: String) -> Period? {
        let parts = text.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        return Period.month(year: year, month: month)
    }

    /// The month that holds `date`.
    public static func month(containing date: String) -> Period? {
        guard let parts = DayArithmetic.parts(date) else { return nil }
        return month(year: parts.year, month: parts.month)
    }

    /// `start` to `end` inclusive; nil when a date is not real or `end` comes first.
    public static func range(from start: String, to end: String) -> Period? {
        guard let span = DayArithmetic.days(from: start, to: end), span >= 0 else { return nil }
        return Period(kind: .range, start: start, end: end)
    }

    /// Every day of the period, in order.
    public var days: [String] {
        let count = (DayArithmetic.days(from: start, to: end) ?? 0) + 1
        return (0..<max(count, 0)).compactMap { DayArithmetic.adding($0, to: start) }
    }

    /// The days up to and including `today` (a report of the current month stops at today).
    public func days(through today: String) -> [String] {
        days.filter { $0 <= today }
    }

    /// "November 2026", "week of 2026-11-16", "2026-11-21", "2026-11-01 to 2026-11-21".
    public var title: String {
        switch kind {
        case .day: return start
        case .week: return "Week of \(start) to \(end)"
        case .month:
            guard let parts = DayArithmetic.parts(start) else { return start }
            return "\(Self.monthNames[parts.month - 1]) \(parts.year)"
        case .range: return "\(start) to \(end)"
        }
    }

    /// Month names for titles, from Foundation's English calendar.
    static let monthNames = DayArithmetic.englishCalendar.monthSymbols
}

extension DayArithmetic {
    /// 1 = Sunday … 7 = Saturday, or nil for a bad date.
    static func weekday(_ iso: String) -> Int? {
        guard let p = parts(iso) else { return nil }
        let days = CivilDate.daysFromEpoch(year: p.year, month: p.month, day: p.day)
        return ((days % 7 + 7) % 7 + 4) % 7 + 1
    }

    /// Foundation's Gregorian calendar in English, for display names of months and weekdays.
    static let englishCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }()

    /// Weekday names, Sunday first, for display.
    static let weekdayNames = englishCalendar.weekdaySymbols
}
