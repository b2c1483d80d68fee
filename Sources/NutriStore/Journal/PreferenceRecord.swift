import Foundation
import GRDB

/// A food preference: a diet, an allergy, an intolerance or a food the person does not eat. One per item.
public struct PreferenceRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "preference"

    /// What kind of preference it is; the wording of notes depends on it.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// "I'm vegetarian".
        case diet
        /// "I'm allergic to peanuts".
        case allergy
        /// "I'm lactose intolerant".
        case intolerance
        /// "I don't eat pork".
        case avoid
    }

    public var id: Int64?
    public var kind: Kind
    /// The canonical item from `preference-words.tsv` ("peanut", "vegetarian", "pork").
    public var item: String
    /// The words the person used for it ("peanuts").
    public var text: String
    public var createdAt: Date

    /// Creates a preference; `id` is set when it is saved.
    public init(id: Int64? = nil, kind: Kind, item: String, text: String, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.item = item
        self.text = text
        self.createdAt = createdAt
    }

    public enum Columns {
        public static let item = Column(CodingKeys.item)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
