import Foundation
import NutriStore

/// A question of the tracking dialogue: the next profile field during set-up, or how long an exercise lasted.
/// Like a food question it never traps the person: a message that is not an answer drops it and is handled as itself.
public enum TrackingQuestion: Sendable, Equatable, Codable {
    /// "How old are you?" … "What's your goal?"
    case profile(ProfileField)
    /// "How long did you swim?" for an activity logged without a time or distance.
    case exerciseAmount(activity: String, date: String, text: String)

    /// The `pending` value of `chat --json`.
    public var name: String {
        switch self {
        case .profile: return "profile"
        case .exerciseAmount: return "exercise"
        }
    }
}

/// What "undo" right after a tracking message takes back.
public enum TrackingUndo: Sendable, Equatable, Codable {
    /// Exercise records just logged.
    case exercise(ids: [Int64])
    /// A weight just logged on `date`, and the one it replaced.
    case weight(date: String, replaced: WeightRecord?)
    /// Profile, goals or preferences just changed, and how they were before.
    case settings(SettingsSnapshot)
}
