import Foundation
import NutriLanguage

/// A message as the intent stages see it: NutriLanguage's tokens, case and diacritics folded, joined by spaces.
///
/// The words come from `FoldedWords`, the one tokenizer's view for whole-word stages: apostrophes are dropped inside
/// words ("that's" → "thats", "don't" → "dont"), so rules and examples agree whether or not people type them;
/// hyphenated words are split; every other punctuation mark separates words.
public struct IntentText: Sendable, Equatable {
    /// Only this many Unicode scalars of a message are looked at, so a 1 MB line costs no more than a long one.
    public static let maximumScalars = TextNormalizer.maximumLength

    /// The words in order.
    public let words: [String]
    /// The words, joined by single spaces ("" when there are none).
    public let normalized: String

    /// Normalises `raw`, looking at its first `maximumScalars` scalars only.
    public init(_ raw: String) {
        words = FoldedWords.words(of: raw)
        normalized = words.joined(separator: " ")
    }

    /// The number of words.
    public var wordCount: Int { words.count }
}
