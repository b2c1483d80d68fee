import Foundation

extension Double {
    /// The number as plain text for people: "3" for a whole number, else Swift's shortest form ("1.5", "1e+20").
    ///
    /// `String(Int(value))` traps on values beyond `Int`'s range and on infinity or NaN, and a message can hold
    /// any number ("2 10000000000000000000000 g steaks"), so every whole-number rendering goes through here.
    public var wholeNumberText: String {
        guard isFinite else { return isNaN ? "NaN" : (self < 0 ? "-∞" : "∞") }
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }

    /// Rounded to a whole number with thousands separators, as en_US writes it: 1780.4 → "1,780", -12345 → "-12,345".
    /// Written out rather than through `NumberFormatter`, which built an ICU formatter on every call (2 % of the
    /// server's CPU under load, in chat's replies). Values `wholeNumberText` does not write as a whole number stay its.
    public var groupedWholeNumberText: String {
        let whole = rounded()
        guard whole.isFinite, abs(whole) < 1e15 else { return whole.wholeNumberText }
        let digits = String(Int64(whole).magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return whole < 0 ? "-" + grouped : grouped
    }
}

