import Foundation

/// Login rate limiting: too many failed logins for one name, or from one address, within a window answer 429 with
/// the seconds until the oldest of them leaves the window. Attempts live in the account store, so the limit holds
/// across restarts (and, with a shared store, across server processes).
public struct LoginLimits: Sendable {
    /// How far back failures count.
    public var window: TimeInterval = 15 * 60
    /// Failures allowed per name within the window.
    public var perUsername = 5
    /// Failures allowed per client address within the window (many names from one place).
    public var perAddress = 20

    /// The default limits.
    public init() {}

    /// Seconds to wait before trying again, or nil when a login may be tried now.
    func retryAfter(username: String, address: String?, store: any AccountStore, now: Date) throws -> Int? {
        let since = now.addingTimeInterval(-window)
        var waits: [TimeInterval] = []
        let byName = try store.failedLogins(username: username, since: since)
        if byName.count >= perUsername, let oldest = byName.first { waits.append(oldest.timeIntervalSince(since)) }
        if let address {
            let byAddress = try store.failedLogins(address: address, since: since)
            if byAddress.count >= perAddress, let oldest = byAddress.first { waits.append(oldest.timeIntervalSince(since)) }
        }
        guard let longest = waits.max() else { return nil }
        return max(1, Int(longest.rounded(.up)))
    }
}
