import Foundation

extension Conversation {
    /// The dialogue state as JSON, for a front end that keeps it between messages in a store (`nutrichat serve`
    /// saves it after every reply, so "How much rice?" is still open after a restart).
    public func savedState() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(state)
    }

    /// Puts back a state that `savedState()` wrote. The coaching memory is not saved: this conversation's own is
    /// kept, and a conversation opened after a restart starts with an empty one.
    public func restoreState(_ data: Data) throws {
        let coaching = state.coaching
        state = try JSONDecoder().decode(DialogueState.self, from: data)
        state.coaching = coaching
    }
}
