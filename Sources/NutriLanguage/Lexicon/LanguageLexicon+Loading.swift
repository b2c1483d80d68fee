import Foundation

// MARK: - Reading each file, with `file:line` on every bad row.

extension LanguageLexicon {
    mutating func loadUnits(_ table: TSVTable) throws {
        // First pass: the defining rows (surface == canonical) give dimension, factor and the rest.
        for row in table.rows where row["surface"] == row["canonical"] {
            unitsByCanonical[row["canonical"]] = try Self.unitDefinition(row, file: table.file)
            switch row["alone"] {
            case "yes": standaloneUnits.insert(row["canonical"])
            case "", "no": break
            default: throw DataFileError(file: table.file, line: row.line, reason: "alone must be yes or empty")
            }
        }
        for row in table.rows {
            let surface = row["surface"]
            guard !surface.isEmpty else { throw DataFileError(file: table.file, line: row.line, reason: "empty surface") }
            guard let definition = unitsByCanonical[row["canonical"]] else {
                throw DataFileError(file: table.file, line: row.line, reason: "canonical unit '\(row["canonical"])' has no defining row")
            }
            if !row["dimension"].isEmpty && row["dimension"] != definition.kind.rawValue {
                throw DataFileError(file: table.file, line: row.line, reason: "dimension '\(row["dimension"])' contradicts '\(definition.canonical)'")
            }
            try insertUnit(surface, definition, match: row["match"], file: table.file, line: row.line)
        }
        for definition in unitsByCanonical.values {
            for linked in [definition.drinkUnit, definition.part].compactMap({ $0 }) where unitsByCanonical[linked] == nil {
                throw DataFileError(file: table.file, line: 0, reason: "'\(definition.canonical)' names unknown unit '\(linked)'")
            }
        }
    }

    /// A defining row of `units.tsv`: its dimension, its factor (required for measures) and its links.
    private static func unitDefinition(_ row: TSVTable.Row, file: String) throws -> UnitDefinition {
        guard let kind = UnitKind(rawValue: row["dimension"]) else {
            throw DataFileError(file: file, line: row.line, reason: "unknown dimension '\(row["dimension"])' for '\(row["surface"])'")
        }
        let factor = try row.optionalDouble("factor", file: file)
        let needsFactor: Set<UnitKind> = [.mass, .volume, .length, .duration, .energy]
        if needsFactor.contains(kind) && factor == nil {
            throw DataFileError(file: file, line: row.line, reason: "\(kind.rawValue) unit '\(row["surface"])' needs its factor")
        }
        if let factor, !(factor > 0) {
            throw DataFileError(file: file, line: row.line, reason: "factor must be > 0")
        }
        var body: BodyMeasure?
        if !row["body"].isEmpty {
            guard let measure = BodyMeasure(rawValue: row["body"]) else {
                throw DataFileError(file: file, line: row.line, reason: "unknown body measure '\(row["body"])'")
            }
            body = measure
        }
        func link(_ column: String) -> String? { row[column].isEmpty ? nil : row[column] }
        return UnitDefinition(canonical: row["canonical"], kind: kind, factor: factor, drinkUnit: link("drink"),
                              body: body, part: link("part"))
    }

    /// Files one surface: food dimensions in the food table, every dimension in the measure table.
    private mutating func insertUnit(_ surface: String, _ definition: UnitDefinition, match: String, file: String, line: Int) throws {
        switch match {
        case "exact-case":
            guard definition.kind.isFood else { throw DataFileError(file: file, line: line, reason: "exact-case is for food units") }
            exactCaseUnits[surface] = definition
        case "", "after-number":
            let words = Self.phraseWords(surface)
            if match == "after-number" { afterNumberUnits.insert(words.joined(separator: " ")) }
            measureUnits.insert(words, value: definition)
            let attachable = words.count > 1 || surface.allSatisfy(\.isLetter)
            if attachable, definition.factor != nil { measureAttachableUnits.insert(words[0]) }
            guard definition.kind.isFood else { return }
            units.insert(words, value: definition)
            if words.count == 1, definition.isMeasure, surface.allSatisfy(\.isLetter) { attachableUnits.insert(words[0]) }
            // "16.9fl oz": the first word of a measure may stick to the number too.
            if words.count > 1, definition.isMeasure { attachableUnits.insert(words[0]) }
        default:
            throw DataFileError(file: file, line: line, reason: "unknown match '\(match)'")
        }
    }

    mutating func loadNumbers(_ table: TSVTable) throws {
        for row in table.rows {
            if row["kind"] == "unit-scale" {
                unitScales[row["word"].lowercased()] = try row.double("value", file: table.file)
                continue
            }
            if row["kind"] == "not-a-number" || row["kind"] == "endless" {
                // Kept as written: "NaN" is the programmer's spelling, while "nan" may be a grandmother.
                unreadableNumbers[row["word"]] = row["kind"] == "endless" ? .infinity : .nan
                continue
            }
            guard let kind = NumberWord.Kind(rawValue: row["kind"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown kind '\(row["kind"])'")
            }
            let value = try row.optionalDouble("value", file: table.file)
            if value == nil && kind != .vague {
                throw DataFileError(file: table.file, line: row.line, reason: "'\(row["word"])' needs a value")
            }
            numbers[row["word"].lowercased()] = NumberWord(value: value, kind: kind)
        }
    }

    mutating func loadPlurals(_ table: TSVTable) throws {
        for row in table.rows {
            guard !row["plural"].isEmpty, !row["singular"].isEmpty else {
                throw DataFileError(file: table.file, line: row.line, reason: "plural and singular are both needed")
            }
            pluralForms.add(plural: row["plural"].lowercased(), singular: row["singular"].lowercased())
        }
    }

    /// Loads a one-phrase-per-row table; `value` returns nil for a row it cannot read.
    mutating func loadPhrases<Value>(_ table: TSVTable, value: (TSVTable.Row) -> Value?,
                                     into insert: (inout LanguageLexicon, [String], Value) -> Void) throws {
        for row in table.rows {
            let words = Self.phraseWords(row["phrase"])
            guard !words.isEmpty else { throw DataFileError(file: table.file, line: row.line, reason: "empty phrase") }
            guard let parsed = value(row) else {
                throw DataFileError(file: table.file, line: row.line, reason: "cannot read row '\(row.cells.joined(separator: " | "))'")
            }
            insert(&self, words, parsed)
        }
    }

    mutating func loadModifiers(_ table: TSVTable) throws {
        for row in table.rows {
            guard let position = ModifierPosition(rawValue: row["position"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown position '\(row["position"])'")
            }
            let phrase = row["phrase"].lowercased()
            if phrase.hasPrefix("-"), phrase.count > 1 {
                modifierSuffixes.append((phrase, position))
            } else {
                let words = Self.phraseWords(phrase)
                guard !words.isEmpty else { throw DataFileError(file: table.file, line: row.line, reason: "empty phrase") }
                modifiers.insert(words, value: position)
            }
        }
    }

    mutating func loadMeals(_ table: TSVTable) throws {
        for row in table.rows {
            guard let meal = MealSlot(rawValue: row["meal"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown meal '\(row["meal"])'")
            }
            let offset = try row.optionalDouble("day_offset", file: table.file).map { TimeExpressionReader.smallInt($0) }
            if offset == .some(nil) {
                throw DataFileError(file: table.file, line: row.line, reason: "day_offset must be a whole number of days")
            }
            meals.insert(Self.phraseWords(row["phrase"]), value: MealPhrase(meal: meal, dayOffset: offset ?? nil))
        }
    }

    mutating func loadDates(_ table: TSVTable) throws {
        for row in table.rows {
            guard let value = TimeExpressionReader.smallInt(try row.double("value", file: table.file)) else {
                throw DataFileError(file: table.file, line: row.line, reason: "value must be a whole number")
            }
            let word: DateWord
            switch row["kind"] {
            case "offset": word = .offset(value)
            case "weekday" where (1...7).contains(value): word = .weekday(value)
            case "span" where value > 0: word = .span(value)
            default: throw DataFileError(file: table.file, line: row.line, reason: "bad kind or value '\(row["kind"])' \(value)")
            }
            dates.insert(Self.phraseWords(row["phrase"]), value: word)
        }
    }
}
