import Foundation
import NutriLanguage
import NutriStore

/// An item waiting for the person's answer before it can be logged.
public struct PendingItem: Sendable, Codable {
    public var item: AnalyzedItem
    public var date: String
    public var meal: String
}

/// What the conversation is waiting for: at most one question at a time.
public enum PendingQuestion: Sendable, Codable {
    /// "How much rice?" — a bare amount completes the item.
    case quantity(PendingItem)
    /// "Which did you mean? 1 … 2 … 3 …" — a number or a name picks one.
    case choice(PendingItem)
    /// "Which one? 1) #3 2 eggs (breakfast) 2) #7 2 eggs (lunch)" — a correction, deletion or move that could mean
    /// more than one entry; the number picks one and the message is carried out on it.
    case entry(EntryQuestion)

    /// The `pending` value of `chat --json`.
    public var name: String {
        switch self {
        case .quantity: return "quantity"
        case .choice: return "choice"
        case .entry: return "entry"
        }
    }

    /// The food item asked about; nil for a question about entries.
    var pendingItem: PendingItem? {
        switch self {
        case .quantity(let item), .choice(let item): return item
        case .entry: return nil
        }
    }
}

/// A message that named more than one entry, waiting for the person to say which.
public struct EntryQuestion: Sendable, Equatable, Codable {
    /// The entries offered, in the order shown.
    public var ids: [Int64]
    /// The message to carry out on the chosen entry.
    public var message: String
}

/// The small explicit state of one conversation.
public struct DialogueState: Sendable, Codable {
    /// The open question, if any.
    public var pending: PendingQuestion?
    /// Items of the same message still to ask about after the open question.
    public var queue: [PendingItem] = []
    /// Entry ids logged by the last logging message, for "undo".
    public var lastBatch: [Int64] = []
    /// Water ids logged by the last message, for "undo".
    public var lastWater: [Int64] = []
    /// A meal-slot deletion waiting for yes or no.
    public var mealSlotConfirmation: MealSlotConfirmation?
    /// The open profile set-up or exercise question (kept apart from `pending`, which is about food).
    public var trackingQuestion: TrackingQuestion?
    /// Exercise or weight logged by the last message, for "undo".
    public var lastTracking: TrackingUndo?
    /// The entry a re-run message must act on (the answer to an `entry` question); set for one message only.
    var chosenEntry: Int64?
    /// Suggestions shown and the catalog (Suggestions/CoachingMemory.swift).
    public var coaching = CoachingMemory()
    /// The dining menu just shown or talked about, for follow-ups ("anything there without peanuts").
    public var menuFocus: MenuFocus?

    /// A fresh state.
    public init() {}

    /// What is saved between messages (`nutrichat serve` keeps it in the account's journal): everything but the
    /// coaching memory, a cache of word lists and suggestions shown that is rebuilt on demand, and `chosenEntry`,
    /// which lives for one message only.
    enum CodingKeys: String, CodingKey {
        case pending, queue, lastBatch, lastWater, mealSlotConfirmation, trackingQuestion, lastTracking, menuFocus
    }
}

/// What the conversation says back to one message.
public struct Reply: Sendable {
    public var input: String
    public var intent: String
    public var text: String
    public var pending: String?
    public var logged: [JournalEntry]
    /// Set when the message could not be handled or saved (Conversation+Failures.swift); pipe mode exits non-zero.
    public var failure: ReplyFailure? = nil

    /// The `chat --json` object.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("input", .string(input)), ("intent", .string(intent)), ("reply", .string(text)),
            ("pending", .optional(pending)), ("logged", .array(logged.map(\.json))),
        ]
        // Only on a failed message, so scripts can tell "not saved" without reading the reply text.
        if let failure { pairs.append(("error", .string(failure.reason))) }
        return .object(pairs)
    }
}

extension JournalEntry {
    /// An entry as `diary --json` and `chat --json` show it.
    public var json: JSONValue {
        let ordered = nutrients.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.rounded($0.value, 1)) }
        return .object([
            ("id", id.map { .number(Double($0)) } ?? .null), ("date", .string(date)), ("meal", .string(meal)),
            ("text", .string(text)), ("food", .string(foodName)), ("food_id", .string(foodId)),
            ("quantity", .optional(quantity, places: 3)), ("unit", .optional(unit)), ("grams", .rounded(grams, 1)),
            ("nutrients", .object(ordered)),
        ])
    }
}
