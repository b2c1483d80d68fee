import Foundation

/// What coaching keeps during one conversation: its word list, the resolved catalog, and the suggestions shown last
/// (so "another", "show the first one" and "I like the second one" know what they refer to).
public final class CoachingMemory: @unchecked Sendable {
    var words: CoachingWords?
    var catalog: RecipeCatalog?
    /// The ranked suggestions of the last request and how many of them were shown.
    var offered: [Suggestion] = []
    var shown = 0
    /// The suggestion last shown in full: "I like it" means this one.
    var detailed: Suggestion?
    /// The nutrient the last request asked for, shown next to each suggestion.
    var focus: String?
    /// The suggestions of the page on screen, numbered from 1.
    var page: [Suggestion] = []
    /// Everyday foods rich in each nutrient, by key (a scan of the alias table, kept once done).
    var richFoods: [String: [Suggestion]] = [:]
    /// What the journal holds of the offer, by `Offer.Mark` (`Conversation.keepSuggestions`), so an unchanged offer
    /// is neither encoded nor written again.
    var kept = Offer.Mark(offered: [], shown: 0, detailed: nil, focus: nil, page: [])
    /// Whether the offer saved in the journal was read back (once per conversation).
    var restored = false

    /// An empty memory.
    public init() {}

    /// The part a front end keeps between processes: what was offered and shown, so "the second one", "another"
    /// and "I like it" still work after a restart. The word list, the catalog and the rich foods are rebuilt.
    struct Offer: Codable, Equatable {
        var offered: [Suggestion]
        var shown: Int
        var detailed: Suggestion?
        var focus: String?
        var page: [Suggestion]

        /// What tells two offers apart cheaply: an offer is only ever replaced whole, paged or detailed.
        struct Mark: Equatable {
            var offered: [String], shown: Int, detailed: String?, focus: String?, page: [String]
        }

        var mark: Mark {
            Mark(offered: offered.map(\.title), shown: shown, detailed: detailed?.title, focus: focus, page: page.map(\.title))
        }
    }

    /// The offer as it stands.
    var offer: Offer {
        get { Offer(offered: offered, shown: shown, detailed: detailed, focus: focus, page: page) }
        set { (offered, shown, detailed, focus, page) = (newValue.offered, newValue.shown, newValue.detailed, newValue.focus, newValue.page) }
    }

    /// Forgets what was shown: the next message is not a follow-up.
    func forgetOffer() {
        offered = []
        page = []
        shown = 0
        detailed = nil
    }
}
