import Foundation
import GRDB

/// Why a meal-slot change was refused, in words a person can act on.
public enum MealSlotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name is empty after trimming.
    case emptyName
    /// The name is longer than ``MealSlotName/maximumLength`` characters.
    case nameTooLong(String)
    /// The name holds control characters.
    case invalidCharacters(String)
    /// Another slot already has this name.
    case duplicate(String)
    /// No slot has this name.
    case unknown(String, existing: [String])
    /// A position outside 1…count.
    case positionOutOfRange(Int, count: Int)
    /// The last slot cannot be deleted: every entry needs a meal.
    case lastSlot(String)
    /// A rename to the name the slot already has.
    case sameName(String)

    /// The one-line message shown to the person.
    public var description: String {
        switch self {
        case .emptyName:
            return "a meal slot needs a name"
        case .nameTooLong(let name):
            return "meal slot names are at most \(MealSlotName.maximumLength) characters; '\(name)' has \(name.count)"
        case .invalidCharacters(let name):
            return "meal slot names cannot contain control characters: '\(name.debugDescription.dropFirst().dropLast())'"
        case .duplicate(let name):
            return "there is already a meal slot named '\(name)'"
        case .unknown(let name, let existing):
            return "no meal slot named '\(name)'; the slots are: \(existing.joined(separator: ", "))"
        case .positionOutOfRange(let position, let count):
            return "position must be between 1 and \(count), got \(position)"
        case .lastSlot(let name):
            return "'\(name)' is the only meal slot left; add another one before deleting it"
        case .sameName(let name):
            return "the meal slot is already named '\(name)'"
        }
    }
}

/// Validation and folding of meal-slot names: trimmed, inner spaces collapsed, lowercase, 1…20 characters.
public enum MealSlotName {
    /// The longest name accepted, in characters.
    public static let maximumLength = 20

    /// The stored form of `text`, or the reason it is not acceptable.
    public static func validated(_ text: String) throws -> String {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let name = words.joined(separator: " ").lowercased()
        guard !name.isEmpty else { throw MealSlotError.emptyName }
        guard !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            throw MealSlotError.invalidCharacters(name)
        }
        guard name.count <= maximumLength else { throw MealSlotError.nameTooLong(name) }
        return name
    }

    /// The stored form used to look a slot up: the same folding, without the length rules.
    public static func lookupKey(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ").lowercased()
    }
}

/// How many entries are filed under a meal slot: from the effective day on (a delete removes these) and before
/// it (never touched; they keep their meal name).
public struct MealSlotUsage: Equatable, Sendable {
    /// Entries dated on or after the day the change applies from.
    public var fromToday: Int
    /// Entries dated before it.
    public var earlier: Int

    /// Counts as a store found them.
    public init(fromToday: Int, earlier: Int) {
        (self.fromToday, self.earlier) = (fromToday, earlier)
    }
}

/// One change to the meal slots, with the day it applies from (table `mealSlotChange`; `journal_meal_slot_change`
/// in PostgreSQL, which rebuilds a past day's layout with the same `undo`).
public struct MealSlotChange: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "mealSlotChange"

    /// What was done to the slot.
    public enum Kind: String, Codable, Sendable {
        case add, rename, move, delete
    }

    public var id: Int64?
    public var date: String
    public var kind: Kind
    public var name: String
    public var newName: String?
    public var fromPosition: Int?
    public var toPosition: Int?
    public var createdAt: Date

    /// A change as recorded; `id` is set when it is saved.
    public init(id: Int64? = nil, date: String, kind: Kind, name: String, newName: String? = nil, fromPosition: Int? = nil,
                toPosition: Int? = nil, createdAt: Date) {
        (self.id, self.date, self.kind, self.name, self.newName) = (id, date, kind, name, newName)
        (self.fromPosition, self.toPosition, self.createdAt) = (fromPosition, toPosition, createdAt)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Undoes this change on a list of slot names in display order.
    public func undo(_ names: inout [String]) {
        switch kind {
        case .add:
            names.removeAll { $0 == name }
        case .rename:
            if let newName, let index = names.firstIndex(of: newName) { names[index] = name }
        case .move:
            guard let index = names.firstIndex(of: name) else { return }
            names.remove(at: index)
            names.insert(name, at: min(max(fromPosition ?? index, 0), names.count))
        case .delete:
            guard !names.contains(name) else { return }
            names.insert(name, at: min(max(fromPosition ?? names.count, 0), names.count))
        }
    }
}
