import Foundation
import NutriLanguage

/// Rules first, then a logistic regression model, then the fallback stage: the intent of one chat message.
///
/// Trained from `Intents/` (under a second in a release build, once: it is read back from an `IntentModelCache`
/// afterwards); the model reads words, character n-grams and slots (`IntentSlots`: amounts, meals, dates from the
/// language lexicon in `Lexicon/`, foods and activities from the built-in list). Classification is a pure function
/// of the message, so the same message always gets the same prediction.
public struct IntentClassifier: Sendable {
    /// The high-precision patterns checked first.
    public let rules: IntentRuleSet
    /// The built-in food, drink, nutrient, activity and body-weight words.
    public var domainTerms: DomainTerms { slots.terms }
    /// The thresholds deciding when to fall back.
    public let fallback: IntentFallback
    let slots: IntentSlots
    let model: IntentLogisticModel

    /// The files `train(fromDirectory:)` reads besides `<intent>.txt`.
    public static let rulesFileName = "rules.tsv"
    /// The built-in domain word list's file name.
    public static let domainTermsFileName = "domain-terms.tsv"

    /// The lexicon folder used when none is given: `Lexicon/` beside the intents folder, as the data is laid out.
    public static func lexiconDirectory(besideIntents url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent("Lexicon", isDirectory: true)
    }

    /// Reads `Intents/*.txt`, `rules.tsv` and `domain-terms.tsv` in `url`, the language lexicon in `lexicon` (by
    /// default `Lexicon/` beside `url`), and trains on every example. Throws `DataFileError` naming `file:line` for
    /// a bad row or a missing file.
    public static func train(fromDirectory url: URL, lexicon: URL? = nil) throws -> IntentClassifier {
        try train(examples: IntentExamples(directory: url), directory: url, lexicon: lexicon)
    }

    /// Like `train(fromDirectory:lexicon:)`, but reads the model from `cache` when it holds one trained on these
    /// very files by this build, and stores a newly trained one there. Rules and word lists are always read afresh.
    /// `language` is a load of that lexicon shared with other threads (start-up reads it once).
    public static func train(
        fromDirectory url: URL, lexicon: URL? = nil, cache: IntentModelCache?, language: LexiconLoad? = nil
    ) throws -> IntentClassifier {
        guard let cache else { return try train(fromDirectory: url, lexicon: lexicon) }
        let files = try IntentExamples.files(in: url)
        let support = try Support(directory: url, lexicon: lexicon, language: language)
        let parameters = IntentLogisticModel.Parameters.standard
        let key = cache.key(files: files, features: support.featureFiles, parameters: parameters)
        if let model = cache.model(forKey: key, parameters: parameters) {
            return IntentClassifier(rules: support.rules, slots: support.slots, fallback: .standard, model: model)
        }
        let classifier = IntentClassifier(examples: try IntentExamples(files: files), support: support,
                                          fallback: .standard, parameters: parameters)
        cache.store(classifier.model, forKey: key)
        return classifier
    }

    /// Trains on `examples` (for instance a training split), with `rules.tsv` and `domain-terms.tsv` from `url` and
    /// the language lexicon from `lexicon` (by default `Lexicon/` beside `url`).
    public static func train(
        examples: IntentExamples, directory url: URL, lexicon: URL? = nil
    ) throws -> IntentClassifier {
        IntentClassifier(examples: examples, support: try Support(directory: url, lexicon: lexicon),
                         fallback: .standard, parameters: .standard)
    }

    /// Trains on `examples` with the given rules, word list, language lexicon and fallback thresholds.
    public init(
        examples: IntentExamples, rules: IntentRuleSet, domainTerms: DomainTerms, lexicon: LanguageLexicon,
        fallback: IntentFallback = .standard
    ) {
        let support = Support(rules: rules, slots: IntentSlots(lexicon: lexicon, terms: domainTerms), featureFiles: [])
        self.init(examples: examples, support: support, fallback: fallback, parameters: .standard)
    }

    init(examples: IntentExamples, support: Support, fallback: IntentFallback, parameters: IntentLogisticModel.Parameters) {
        let slots = support.slots
        let labelled = examples.examples.map { (intent: $0.intent, message: slots.message($0.text)) }
        self.init(rules: support.rules, slots: slots, fallback: fallback,
                  model: IntentLogisticModel(examples: labelled, parameters: parameters))
    }

    private init(rules: IntentRuleSet, slots: IntentSlots, fallback: IntentFallback, model: IntentLogisticModel) {
        self.rules = rules
        self.slots = slots
        self.fallback = fallback
        self.model = model
    }

    /// Classifies one message.
    ///
    /// - Parameters:
    ///   - text: the message as typed; only its first 2,000 characters are read.
    ///   - namesDomainTerm: answers whether the message names a known food or drink (the caller has the food
    ///     database). When given and false, a `log_food` guess falls back to `out_of_scope`; when `nil`, the
    ///     built-in word list decides.
    public func classify(_ text: String, namesDomainTerm: ((String) -> Bool)? = nil) -> IntentPrediction {
        let normalized = IntentText(text)
        let ranking = model.rank(slots.message(normalized, raw: text))
        if let rule = rules.match(normalized) {
            return IntentPrediction(intent: rule.intent, confidence: 1, ranking: ranking, source: .rule,
                                    ruleNote: rule.note)
        }
        // A message with no more bytes than the limit has no more scalars either: it is its own prefix.
        let raw = text.utf8.count <= IntentText.maximumScalars
            ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(IntentText.maximumScalars)))
        return fallback.decide(ranking: ranking, text: normalized, raw: raw, domainTerms: domainTerms,
                               namesDomainTerm: namesDomainTerm)
    }

    /// The model's calibrated probabilities for `text`, highest first, ignoring rules and fallback.
    public func rank(_ text: String) -> [(intent: Intent, probability: Double)] {
        model.rank(slots.message(text))
    }
}

extension IntentClassifier {
    /// What training needs besides the examples: the rules, the slot tagger, and the bytes of the data files the
    /// features read (for the model cache's key).
    struct Support {
        let rules: IntentRuleSet
        let slots: IntentSlots
        let featureFiles: [Data]
    }
}

extension IntentClassifier.Support {
    /// Reads `rules.tsv` and `domain-terms.tsv` in `directory` and the language lexicon in `lexicon` (by default
    /// `Lexicon/` beside `directory`).
    init(directory: URL, lexicon: URL?, language: LexiconLoad? = nil) throws {
        let lexiconURL = lexicon ?? IntentClassifier.lexiconDirectory(besideIntents: directory)
        let termsURL = directory.appendingPathComponent(IntentClassifier.domainTermsFileName)
        rules = try IntentRuleSet(contentsOf: directory.appendingPathComponent(IntentClassifier.rulesFileName))
        let shared = language.flatMap { $0.directory.standardizedFileURL == lexiconURL.standardizedFileURL ? $0 : nil }
        let loaded = try shared?.lexicon() ?? LanguageLexicon.load(from: lexiconURL)
        slots = IntentSlots(lexicon: loaded, terms: try DomainTerms(contentsOf: termsURL))
        // Loading succeeded, so every file is there; a file changing between the two reads only costs a training.
        let urls = [termsURL] + LanguageLexicon.fileNames.map { lexiconURL.appendingPathComponent($0) }
        featureFiles = urls.map { (try? Data(contentsOf: $0)) ?? Data() }
    }
}
