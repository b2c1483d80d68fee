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
        let formats = ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"]
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.dateFormat = format
            formatter.isLenient = false
            if let date = formatter.date(from: trimmed), formatter.string(from: date) == trimmed {
                return Clock(now: date, calendar: calendar)
            }
        }
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
