import Foundation
import NutriStore

/// The kinds of nudge, each switched on or off by its own setting (all on until turned off).
public enum NudgeKind: String, CaseIterable, Sendable {
    /// A meal slot still empty after its end time today.
    case meal = "meal-reminders"
    /// No weigh-in this week, for someone who tracks weight.
    case weighIn = "weigh-in-reminders"
    /// Water behind the day's pace.
    case water = "water-reminders"
    /// More than 10 % over the calorie goal.
    case overGoal = "over-goal-warnings"
    /// Far under the calorie goal late in the day.
    case underGoal = "under-goal-notes"

    /// The setting's key, which is also its name in `nutrichat settings`.
    public var key: String { rawValue }

    /// The journal key recording the day this nudge was last said.
    var saidKey: String { "said." + rawValue }

    /// What the setting is about, for lists.
    public var summary: String {
        switch self {
        case .meal: return "a meal still empty after its time (breakfast, lunch, dinner)"
        case .weighIn: return "no weigh-in for a week, when you track your weight"
        case .water: return "water behind the day's pace"
        case .overGoal: return "more than 10 % over the calorie goal"
        case .underGoal: return "far under the calorie goal late in the day"
        }
    }

    /// How a reply names the kind ("water reminders").
    public var spoken: String {
        switch self {
        case .meal: return "meal reminders"
        case .weighIn: return "weigh-in reminders"
        case .water: return "water reminders"
        case .overGoal: return "warnings when you go over your calorie goal"
        case .underGoal: return "notes when you're far under your calorie goal"
        }
    }
}

/// Reading and writing the nudge switches in the journal.
public struct NudgeSettings {
    let journal: any JournalStore

    /// Creates the settings view of a journal.
    public init(journal: any JournalStore) {
        self.journal = journal
    }

    /// Whether each kind is on.
    public func states() throws -> [(kind: NudgeKind, on: Bool)] {
        let stored = try journal.settings()
        return NudgeKind.allCases.map { ($0, stored[$0.key] != "off") }
    }

    /// Whether one kind is on.
    public func isOn(_ kind: NudgeKind) throws -> Bool {
        try journal.setting(kind.key) != "off"
    }

    /// Switches kinds on or off.
    public func set(_ kinds: [NudgeKind], on: Bool, at date: Date) throws {
        for kind in kinds { try journal.setSetting(kind.key, to: on ? "on" : "off", at: date) }
    }

    /// A kind by its key ("water-reminders") or a short name ("water").
    public static func kind(named name: String) -> NudgeKind? {
        let folded = name.lowercased()
        return NudgeKind.allCases.first { $0.key == folded || $0.key.hasPrefix(folded + "-") }
    }
}
