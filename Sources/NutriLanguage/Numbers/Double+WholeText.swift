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
}
