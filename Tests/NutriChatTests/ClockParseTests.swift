import Foundation
import NutriChat
import Testing

/// `--now` and date options are read by `Clock.parse`: the local shapes digit by digit, zoned ISO 8601 through
/// Foundation. Many spellings, one instant each, and a list of what must be refused.
@Suite struct ClockParseTests {
    private static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        return calendar
    }

    private static let accepted: [(String, [Int])] = [
        ("2026-11-21T08:30:00", [2026, 11, 21, 8, 30, 0]),
        ("2026-11-21T08:30", [2026, 11, 21, 8, 30, 0]),
        ("2026-11-21 08:30:15", [2026, 11, 21, 8, 30, 15]),
        ("2026-11-21 23:59", [2026, 11, 21, 23, 59, 0]),
        ("2026-11-21", [2026, 11, 21, 0, 0, 0]),
        ("  2026-11-21  ", [2026, 11, 21, 0, 0, 0]),
        ("2024-02-29T12:00:00", [2024, 2, 29, 12, 0, 0]),
        ("1999-12-31T23:59:59", [1999, 12, 31, 23, 59, 59]),
        ("2026-01-01T00:00", [2026, 1, 1, 0, 0, 0]),
    ]

    @Test(arguments: ["UTC", "America/New_York", "Asia/Kolkata"])
    func localShapesGiveTheirInstant(zone: String) throws {
        let calendar = Self.calendar(zone)
        for (text, fields) in Self.accepted {
            let clock = try #require(Clock.parse(text, calendar: calendar), "\(text) in \(zone)")
            let read = calendar.dateComponents(in: calendar.timeZone, from: clock.now)
            #expect([read.year, read.month, read.day, read.hour, read.minute, read.second] == fields.map { Optional($0) },
                    "\(text) in \(zone)")
        }
    }

    @Test func zonedTimestampsGoThroughISO8601() throws {
        let clock = try #require(Clock.parse("2026-11-21T08:30:00Z", calendar: Self.calendar("Asia/Kolkata")))
        #expect(clock.now == Date(timeIntervalSince1970: 1_795_249_800))
        #expect(Clock.parse("2026-11-21T10:30:00+02:00", calendar: Self.calendar("UTC"))?.now == clock.now)
    }

    @Test func malformedOrImpossibleTimesAreRefused() {
        let refused = [
            "", "2026", "2026-11", "2026-1-21", "2026-11-2", "26-11-21", "2026/11/21", "2026-11-21T", "2026-11-21T8:30",
            "2026-11-21T08:3", "2026-11-21T08:30:0", "2026-11-21x08:30", "2026-11-21T08-30", "2026-13-01", "2026-00-10",
            "2026-11-00", "2026-11-32", "2026-02-29", "2026-02-30", "2026-04-31", "2026-11-21T24:00", "2026-11-21T08:60",
            "2026-11-21T08:30:60", "２０２６-11-21", "2026-11-21T08:30:00.5", "tomorrow", "-2026-11-21", "2026-11-21 08:30 pm",
        ]
        for text in refused { #expect(Clock.parse(text, calendar: Self.calendar("UTC")) == nil, "\(text)") }
        // 02:30 does not exist in New York on the morning clocks go forward.
        #expect(Clock.parse("2026-03-08T02:30", calendar: Self.calendar("America/New_York")) == nil)
        #expect(Clock.parse("2026-03-08T03:30", calendar: Self.calendar("America/New_York")) != nil)
    }
}
