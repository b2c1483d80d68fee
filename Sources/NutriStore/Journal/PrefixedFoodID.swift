import Foundation

/// A journal record that is also a food, with an id like "custom:7" or "recipe:3".
public protocol PrefixedFoodID {
    /// "custom:" or "recipe:".
    static var idPrefix: String { get }
    /// The row id, nil before the record is saved.
    var id: Int64? { get }
}

extension PrefixedFoodID {
    /// "custom:7" (empty before the record is saved).
    public var foodId: String { id.map { Self.idPrefix + String($0) } ?? "" }

    /// The id number in a food id with this prefix, or nil for any other id.
    public static func number(in foodId: String) -> Int64? {
        guard foodId.hasPrefix(idPrefix) else { return nil }
        return Int64(foodId.dropFirst(idPrefix.count))
    }
}
