import Foundation

extension Conversation {
    /// Nutrient keys the person is short of lately, most missing first: suggestions that name no nutrient prefer
    /// foods rich in the first of them.
    ///
    /// MERGE POINT for the lead: helper "insights" computes the DRI gaps (nutrients below two-thirds of target over
    /// the period, `Lexicon/dri.tsv` and its period summary). Return their keys here, e.g.
    /// `(try? NutrientGaps(journal: journal, ...).below(...).map(\.key)) ?? []`. Until then there are none, and
    /// "what can I eat for my iron" works from the nutrient it names.
    func nutrientGaps() -> [String] {
        []
    }
}
