import Foundation

/// The "now" that relative expressions ("yesterday", "on monday", "this morning") resolve against.
public struct ReferenceDate: Sendable, Equatable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    /// The weekday, 1 = Sunday … 7 = Saturday (as Foundation's Gregorian calendar numbers them).
    public let weekday: Int

    /// Creates a reference date from its parts.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, weekday: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.weekday = weekday
    }

    /// Creates a reference date from its parts, computing the weekday.
    public init(year: Int, month: Int, day: Int, hour: Int = 12, minute: Int = 0) {
        let days = CivilDate.daysFromEpoch(year: year, month: month, day: day)
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, weekday: CivilDate.weekday(daysFromEpoch: days))
    }

    /// The reference date for `date` as seen in `calendar` (its time zone decides the day).
    public static func from(_ date: Date, calendar: Calendar) -> ReferenceDate {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        return ReferenceDate(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1, hour: c.hour ?? 12,
                             minute: c.minute ?? 0, weekday: c.weekday ?? 1)
    }

    /// The day `offset` days from this one, as YYYY-MM-DD.
    public func isoDate(addingDays offset: Int) -> String {
        let (y, m, d) = CivilDate.civil(daysFromEpoch: CivilDate.daysFromEpoch(year: year, month: month, day: day) + offset)
        return CivilDate.iso(year: y, month: m, day: d)
    }

    /// Days from this reference day to `year-month-day` (negative for the past).
    func days(to year: Int, month: Int, day: Int) -> Int {
        CivilDate.daysFromEpoch(year: year, month: month, day: day)
            - CivilDate.daysFromEpoch(year: self.year, month: self.month, day: self.day)
    }
}

/// Proleptic Gregorian day arithmetic without Calendar (pure and fast; H. Hinnant's algorithms).
public enum CivilDate {
    /// Days since 1970-01-01.
    public static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// (year, month, day) of a day counted from 1970-01-01.
    public static func civil(daysFromEpoch z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// 1 = Sunday; 1970-01-01 was a Thursday.
    static func weekday(daysFromEpoch days: Int) -> Int {
        ((days % 7 + 7) % 7 + 4) % 7 + 1
    }

    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1 else { return false }
        let (y, m, d) = civil(daysFromEpoch: daysFromEpoch(year: year, month: month, day: day))
        return y == year && m == month && d == day
    }

    static func iso(year: Int, month: Int, day: Int) -> String {
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
