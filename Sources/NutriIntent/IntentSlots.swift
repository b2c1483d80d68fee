import Foundation
import NutriLanguage

/// A message as the model reads it: its words, whether a "?" was typed, and what each word is a slot of.
struct IntentMessage: Sendable {
    /// The normalised words.
    let text: IntentText
    /// Whether the message as typed held a "?" (normalisation drops punctuation).
    let questionMark: Bool
    /// Each word's `IntentSlots` code, 0 where a word fills no slot.
    let slots: [UInt8]
}

/// The slots of a message's words, for the model's slot features: numbers, amounts, meals and dates as the language
/// front end reads them (`Lexicon/`), and foods, drinks, water, nutrients, activities and body words from the
/// built-in list (`Intents/domain-terms.tsv`).
///
/// A slot stands for an open class of words, so "calories in a quince" reads like "calories in a banana" even when no
/// example names a quince; the same tagging runs in training and in prediction.
struct IntentSlots: Sendable {
    /// The language front end's lexicon.
    let lexicon: LanguageLexicon
    /// The built-in domain words.
    let terms: DomainTerms

    /// The number of slot codes, 0 (none) included.
    static let codeCount = WordSlot.allCases.count + DomainTerms.Kind.allCases.count + 1

    /// Each domain kind's bit in `DomainTerms.kindBits` and its slot code, in the order a word of several kinds
    /// picks one: a nutrient or plain water says more than "food".
    private static let kindCodes: [(bit: UInt8, code: UInt8)] = {
        let priority: [DomainTerms.Kind] = [.nutrient, .water, .drink, .food, .activity, .body]
        let kinds = DomainTerms.Kind.allCases
        return priority.compactMap { kind in
            kinds.firstIndex(of: kind).map { (bit: 1 << UInt8($0), code: UInt8(WordSlot.allCases.count + 1 + $0)) }
        }
    }()

    /// `raw` read as the model reads it.
    func message(_ raw: String) -> IntentMessage {
        message(IntentText(raw), raw: raw)
    }

    /// `text` (the normalised `raw`) read as the model reads it.
    func message(_ text: IntentText, raw: String) -> IntentMessage {
        IntentMessage(text: text, questionMark: Self.hasQuestionMark(raw), slots: codes(of: text.words))
    }

    /// Each word's slot code: the lexicon's slot first, then the word's most telling domain kind, else 0.
    func codes(of words: [String]) -> [UInt8] {
        let language = lexicon.slots(of: words)
        let kinds = terms.kindBits(of: words)
        return words.indices.map { index in
            if let slot = language[index] { return slot.rawValue }
            return Self.kindCodes.first { kinds[index] & $0.bit != 0 }?.code ?? 0
        }
    }

    /// Whether the first `IntentText.maximumScalars` bytes of `text` hold a question mark (any "?" is one byte).
    static func hasQuestionMark(_ text: String) -> Bool {
        text.utf8.prefix(IntentText.maximumScalars).contains(UInt8(ascii: "?"))
    }
}
