import Foundation

/// The words of `body-words.tsv`: what marks an age, a birth date, a target weight or a rate, and the filler
/// that may surround a bare answer.
public struct BodyWords: Sendable {
    /// No words; `LanguageLexicon.load` fills them from `body-words.tsv`.
    public init() {}

    /// What a row of `body-words.tsv` says about its phrase.
    enum Kind: String, CaseIterable {
        case ageUnit = "age_unit", ageCue = "age_cue", selfWord = "self", birth, month
        case answerFiller = "answer_filler", targetLead = "target_lead", perWeek = "per_week", perMonth = "per_month"
        case rateEvery = "rate_every"
        case weightDown = "weight_down", weightUp = "weight_up"
    }

    private var words: [Kind: Set<String>] = [:]
    /// Month names and short forms → 1…12.
    public private(set) var months: [String: Int] = [:]
    /// Phrases before a target weight, longest first ("target weight" before "target").
    public private(set) var targetLeads: [String] = []

    /// Words after an age ("years", "yo").
    public var ageUnits: Set<String> { words[.ageUnit] ?? [] }
    /// Words up to three before an age ("age", "aged").
    public var ageCues: Set<String> { words[.ageCue] ?? [] }
    /// Words right before an age ("im", "am").
    public var selfWords: Set<String> { words[.selfWord] ?? [] }
    /// Words a birth date follows ("born", "dob").
    public var birthWords: Set<String> { words[.birth] ?? [] }
    /// Words that may surround a bare answer ("about", "i", "think").
    public var answerFiller: Set<String> { words[.answerFiller] ?? [] }
    /// Words that make a weight change weekly ("week", "wk").
    public var perWeek: Set<String> { words[.perWeek] ?? [] }
    /// Words that make a weight change monthly.
    public var perMonth: Set<String> { words[.perMonth] ?? [] }
    public var rateEvery: Set<String> { words[.rateEvery] ?? [] }
    /// Words that make a small weight a change from the last one ("down 2 pounds", "gained 1 kg").
    public var weightDown: Set<String> { words[.weightDown] ?? [] }
    public var weightUp: Set<String> { words[.weightUp] ?? [] }

    mutating func load(_ table: TSVTable) throws {
        var leads: [(String, Int)] = []
        for row in table.rows {
            guard let kind = Kind(rawValue: row["kind"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown kind '\(row["kind"])'")
            }
            let phrase = MeasureText.words(row["phrase"]).joined(separator: " ")
            guard !phrase.isEmpty else { throw DataFileError(file: table.file, line: row.line, reason: "empty phrase") }
            switch kind {
            case .month:
                guard let number = Int(row["value"]), (1...12).contains(number) else {
                    throw DataFileError(file: table.file, line: row.line, reason: "a month needs its number 1-12")
                }
                months[phrase] = number
            case .targetLead:
                leads.append((phrase, leads.count))
            default:
                guard !phrase.contains(" ") else {
                    throw DataFileError(file: table.file, line: row.line, reason: "\(kind.rawValue) is one word")
                }
                words[kind, default: []].insert(phrase)
            }
        }
        targetLeads = leads.sorted { ($0.0.split(separator: " ").count, -$0.1) > ($1.0.split(separator: " ").count, -$1.1) }
            .map(\.0)
    }
}
