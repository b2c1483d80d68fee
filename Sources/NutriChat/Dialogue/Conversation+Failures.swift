import Foundation
import NutriStore

/// Why a message's reply is a failure: nothing of it was saved.
public struct ReplyFailure: Sendable, Equatable {
    /// One line for the person.
    public var reason: String
    /// True when every later message would fail the same way (a damaged journal): front ends stop.
    public var fatal: Bool
}

extension Conversation {
    /// The reply to a message whose handling threw: says plainly that nothing was saved and, for a storage failure,
    /// what to do about it, instead of a bare "something went wrong".
    func failureReply(_ input: String, _ error: Error) -> Reply {
        let storage = journal.failure(for: error)
        let reason = storage.map(\.description) ?? UserMessage.describe(error)
        var answer = reply(input, "error", replies.failed(reason))
        // A value the journal's rules refuse ("water must be at most 20000 ml") is an answer to what was typed, not
        // a failure of the journal: nothing was saved and the reply says why, but the session has not failed.
        if storage == nil, case StoreError.invalidValue = error { return answer }
        answer.failure = ReplyFailure(reason: reason, fatal: storage?.isFatal ?? false)
        return answer
    }
}
