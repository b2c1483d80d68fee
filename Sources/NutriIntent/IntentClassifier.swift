import Foundation

/// Rules first, then a logistic regression model, then the fallback stage: the intent of one chat message.
///
/// Trained from `Intents/` (under a second in a release build, once: it is read back from an `IntentModelCache`
/// afterwards); classification is a pure function of the message, so the same message always gets the same
/// prediction.
public struct IntentClassifier: Sendable {
    /// The high-precision patterns checked first.
    public let rules: IntentRuleSet
    /// The built-in food, drink, nutrient, activity and body-weight words.
    public let domainTerms: DomainTerms
    /// The thresholds deciding when to fall back.
    public let fallback: IntentFallback
    let model: IntentLogisticModel

    /// The files `train(fromDirectory:)` reads besides `<intent>.txt`.
    public static let rulesFileName = "rules.tsv"
    /// The built-in domain word list's file name.
    public static let domainTermsFileName = "domain-terms.tsv"

    /// Reads `Intents/*.txt`, `rules.tsv` and `domain-terms.tsv` in `url` and trains on every example.
    /// Throws `DataFileError` naming `file:line` for a bad row or a missing file.
    public static func train(fromDirectory url: URL) throws -> IntentClassifier {
        try train(examples: IntentExamples(directory: url), directory: url)
    }

    /// Like `train(fromDirectory:)`, but reads the model from `cache` when it holds one trained on these very files
    /// by this build, and stores a newly trained one there. The rules and word list are always read afresh.
    public static func train(fromDirectory url: URL, cache: IntentModelCache?) throws -> IntentClassifier {
        guard let cache else { return try train(fromDirectory: url) }
        let files = try IntentExamples.files(in: url)
        let rules = try IntentRuleSet(contentsOf: url.appendingPathComponent(rulesFileName))
        let terms = try DomainTerms(contentsOf: url.appendingPathComponent(domainTermsFileName))
        let parameters = IntentLogisticModel.Parameters.standard
        let key = cache.key(files: files, parameters: parameters)
        if let model = cache.model(forKey: key, parameters: parameters) {
            return IntentClassifier(rules: rules, domainTerms: terms, fallback: .standard, model: model)
        }
        let classifier = IntentClassifier(examples: try IntentExamples(files: files), rules: rules, domainTerms: terms)
        cache.store(classifier.model, forKey: key)
        return classifier
    }

    /// Trains on `examples` (for instance a training split), with `rules.tsv` and `domain-terms.tsv` from `url`.
    public static func train(examples: IntentExamples, directory url: URL) throws -> IntentClassifier {
        let rules = try IntentRuleSet(contentsOf: url.appendingPathComponent(rulesFileName))
        let terms = try DomainTerms(contentsOf: url.appendingPathComponent(domainTermsFileName))
        return IntentClassifier(examples: examples, rules: rules, domainTerms: terms)
    }

    /// Trains on `examples` with the given rules, word list and fallback thresholds.
    public init(
        examples: IntentExamples, rules: IntentRuleSet, domainTerms: DomainTerms, fallback: IntentFallback = .standard
    ) {
        self.init(examples: examples, rules: rules, domainTerms: domainTerms, fallback: fallback,
                  parameters: .standard)
    }

    init(
        examples: IntentExamples, rules: IntentRuleSet, domainTerms: DomainTerms, fallback: IntentFallback,
        parameters: IntentLogisticModel.Parameters
    ) {
        self.rules = rules
        self.domainTerms = domainTerms
        self.fallback = fallback
        let labelled = examples.examples.map {
            (intent: $0.intent, text: IntentText($0.text), questionMark: Self.hasQuestionMark($0.text))
        }
        self.model = IntentLogisticModel(examples: labelled, parameters: parameters)
    }

    private init(rules: IntentRuleSet, domainTerms: DomainTerms, fallback: IntentFallback, model: IntentLogisticModel) {
        self.rules = rules
        self.domainTerms = domainTerms
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
        let ranking = model.rank(normalized, questionMark: Self.hasQuestionMark(text))
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
        model.rank(IntentText(text), questionMark: Self.hasQuestionMark(text))
    }

    /// Whether the first `IntentText.maximumScalars` bytes of `text` hold a question mark (any "?" is one byte).
    static func hasQuestionMark(_ text: String) -> Bool {
        text.utf8.prefix(IntentText.maximumScalars).contains(UInt8(ascii: "?"))
    }
}
