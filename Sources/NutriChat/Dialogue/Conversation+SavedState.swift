import Foundation
import NutriStore

extension Conversation {
    /// The journal key under which the suggestions on screen are kept.
    static let suggestionsKey = "suggestions"

    /// The dialogue state as JSON, for a front end that keeps it between messages in a store (`nutrichat serve`
    /// saves it after every reply, so "How much rice?" is still open after a restart). The suggestions on screen are
    /// not in it: they can be large, so they are kept in the journal itself, written here when they changed.
    public func savedState() throws -> Data {
        try keepSuggestions()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(state)
    }

    /// Puts back a state that `savedState()` wrote. The coaching memory is not in it: this conversation's own is
    /// kept, and a conversation opened after a restart reads the suggestions on screen back from the journal.
    public func restoreState(_ data: Data) throws {
        let coaching = state.coaching
        state = try JSONDecoder().decode(DialogueState.self, from: data)
        state.coaching = coaching
        try restoreSuggestions()
    }

    /// Writes the suggestions on screen to the journal when they differ from what it holds (nothing shown: removed).
    func keepSuggestions() throws {
        let memory = state.coaching
        let offer = memory.offer
        guard offer.mark != memory.kept else { return }
        var data = offer.offered.isEmpty && offer.page.isEmpty && offer.detailed == nil ? nil : try JSONEncoder().encode(offer)
        // An offer too big to keep is not kept (follow-ups after a restart then ask for a new one); the reply stands.
        if let encoded = data, encoded.count > JournalRules.maximumDialogueStateBytes { data = nil }
        try journal.saveDialogueState(Self.suggestionsKey, data, at: clock().now)
        memory.kept = offer.mark
        memory.restored = true
    }

    /// Reads the suggestions on screen back from the journal, once per conversation (later ones are this
    /// conversation's own). A saved offer this build cannot read is forgotten: the next request makes a new one.
    func restoreSuggestions() throws {
        let memory = state.coaching
        guard !memory.restored else { return }
        memory.restored = true
        guard let data = try journal.dialogueState(Self.suggestionsKey),
              let offer = try? JSONDecoder().decode(CoachingMemory.Offer.self, from: data) else { return }
        memory.offer = offer
        memory.kept = offer.mark
    }
}
