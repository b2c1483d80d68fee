import Foundation

/// Everything that can go wrong in the food database or the journal, in terms a person can act on.
public enum StoreError: Error, Equatable, Sendable {
    /// The source file or folder does not exist.
    case sourceNotFound(path: String)
    /// The source exists but is not USDA SR24 as shipped by cronometer.
    case notSR24(path: String, reason: String)
    /// A food record in the source could not be read.
    case malformedRecord(entry: String, reason: String)
    /// A helper program (dpkg-deb, apt-get) is missing or failed.
    case toolFailed(tool: String, reason: String)
    /// The food database has not been installed yet.
    case databaseMissing(path: String)
    /// The database file exists but cannot be used.
    case databaseUnreadable(path: String, reason: String)
    /// No food with this id.
    case unknownFood(id: String)
    /// A value given by the person is not acceptable.
    case invalidValue(String)
    /// The food database does not match the checksum written at install, or its header is wrong.
    case databaseDamaged(path: String, reason: String)
}

extension StoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .sourceNotFound(let path):
            return "no such file or folder: \(path)"
        case .notSR24(let path, let reason):
            return "\(path) is not USDA SR24 food data (\(reason))"
        case .malformedRecord(let entry, let reason):
            return "food record \(entry) is malformed: \(reason)"
        case .toolFailed(let tool, let reason):
            return "\(tool) failed: \(reason)"
        case .databaseMissing(let path):
            return "the food database is not installed (\(path)); run 'nutrichat data install'"
        case .databaseUnreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unknownFood(let id):
            return "no food with id '\(id)'; try 'nutrichat foods search NAME'"
        case .invalidValue(let message):
            return message
        case .databaseDamaged(let path, let reason):
            return "the food database is damaged (\(path): \(reason)): run nutrichat data install"
        }
    }
}
