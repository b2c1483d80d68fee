import Foundation

/// The profile, goals, preferences and one day's weight as they were before a change, so "undo" can put them back.
public struct SettingsSnapshot: Sendable, Equatable, Codable {
    public var profile: ProfileRecord
    public var goals: [GoalRecord]
    public var preferences: [PreferenceRecord]
    /// The day whose weight the change could touch, and its weight then (nil when there was none).
    public var weightDate: String?
    public var weight: WeightRecord?

    /// Creates a snapshot.
    public init(profile: ProfileRecord, goals: [GoalRecord], preferences: [PreferenceRecord], weightDate: String?,
                weight: WeightRecord?) {
        self.profile = profile
        self.goals = goals
        self.preferences = preferences
        self.weightDate = weightDate
        self.weight = weight
    }
}
