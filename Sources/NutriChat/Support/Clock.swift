import Foundation
import NutriLanguage

/// The current time as NutriChat sees it: the real clock, or a fixed one from `--now` so runs are reproducible.
public struct Clock: Sendable {
    public let now: Date
    public let calendar: Calendar

    /// A clock fixed at `now`, read in `calendar`'s time zone.
    public init(now: Date, calendar: Calendar = .current) {
        self.now = now
        self.calendar = calendar
    }

    /// Parses `--now`: "2026-11-21T08:30:00", "2026-11-21T08:30", "2026-11-21 08:30" or "2026-11-21" (local time),
    /// or a full ISO 8601 timestamp with a zone.
    public static func parse(_ text: String, calendar: Calendar = .current) -> Clock? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let local = LocalTimestamp(trimmed), let date = local.date(in: calendar) { return Clock(now: date, calendar: calendar) }
        if let date = ISO8601DateFormatter().date(from: trimmed) { return Clock(now: date, calendar: calendar) }
        return nil
    }

    /// Today and the time of day, for meal and date words.
    public var reference: ReferenceDate { ReferenceDate.from(now, calendar: calendar) }

    /// The same time of day on `isoDate` ("2026-11-20"), or nil when that is not a valid date.
    public func on(isoDate: String) -> Clock? {
        guard let day = Clock.parse(isoDate, calendar: calendar) else { return nil }
        let time = calendar.dateComponents([.hour, .minute, .second], from: now)
        let moved = calendar.date(bySettingHour: time.hour ?? 12, minute: time.minute ?? 0, second: time.second ?? 0, of: day.now)
        return Clock(now: moved ?? day.now, calendar: calendar)
    }
}

/// A local "YYYY-MM-DD[(T| )HH:MM[:SS]]" read digit by digit: every one-line `parse --now …` reads one, and a
/// `DateFormatter` per format cost about a tenth of the start-up (it loads ICU's pattern tables).
struct LocalTimestamp: Equatable {
    let year: Int, month: Int, day: Int
    let hour: Int, minute: Int, second: Int

    /// Nil unless `text` is exactly one of the shapes, zero-padded, with fields in range.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ width: Int) -> Int? {
            guard start + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + width)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func mark(_ index: Int, _ allowed: String) -> Bool { index < bytes.count && allowed.utf8.contains(bytes[index]) }
        guard [10, 16, 19].contains(bytes.count), let year = number(0, 4), mark(4, "-"), let month = number(5, 2),
              mark(7, "-"), let day = number(8, 2) else { return nil }
        var time = (hour: 0, minute: 0, second: 0)
        if bytes.count > 10 {
            guard mark(10, "T "), let hour = number(11, 2), mark(13, ":"), let minute = number(14, 2) else { return nil }
            time = (hour, minute, 0)
            if bytes.count == 19 {
                guard mark(16, ":"), let second = number(17, 2) else { return nil }
                time.second = second
            }
        }
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(time.hour),
              (0...59).contains(time.minute), (0...59).contains(time.second) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (hour, minute, second) = time
    }

    /// The instant in `calendar`'s zone; nil for a day the month lacks (Feb 30) or a local time the zone skips.
    func date(in calendar: Calendar) -> Date? {
        let components = DateComponents(calendar: calendar, timeZone: calendar.timeZone, year: year, month: month, day: day,
                                        hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents(in: calendar.timeZone, from: date)
        let same = back.year == year && back.month == month && back.day == day && back.hour == hour
            && back.minute == minute && back.second == second
        return same ? date : nil
    }
}
