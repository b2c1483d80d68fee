import Foundation

// MARK: - Reading each file, with `file:line` on every bad row.

extension LanguageLexicon {
    mutating func loadUnits(_ table: TSVTable) throws {
        // First pass: the defining rows (surface == canonical) give kind and size.
        for row in table.rows where row["surface"] == row["canonical"] {
            guard let kind = UnitKind(rawValue: row["kind"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown kind '\(row["kind"])' for '\(row["surface"])'")
            }
            let grams = try row.optionalDouble("grams", file: table.file)
            let milliliters = try row.optionalDouble("milliliters", file: table.file)
            if kind == .mass && grams == nil || kind == .volume && milliliters == nil {
                throw DataFileError(file: table.file, line: row.line, reason: "\(kind.rawValue) unit '\(row["surface"])' needs its size")
            }
            switch row["alone"] {
            case "yes": standaloneUnits.insert(row["canonical"])
            case "", "no": break
            default: throw DataFileError(file: table.file, line: row.line, reason: "alone must be yes or empty")
            }
            unitsByCanonical[row["canonical"]] = UnitDefinition(canonical: row["canonical"], kind: kind, grams: grams, milliliters: milliliters)
        }
        for row in table.rows {
            let surface = row["surface"]
            guard !surface.isEmpty else { throw DataFileError(file: table.file, line: row.line, reason: "empty surface") }
            guard let definition = unitsByCanonical[row["canonical"]] else {
                throw DataFileError(file: table.file, line: row.line, reason: "canonical unit '\(row["canonical"])' has no defining row")
            }
            if !row["kind"].isEmpty && row["kind"] != definition.kind.rawValue {
                throw DataFileError(file: table.file, line: row.line, reason: "kind '\(row["kind"])' contradicts '\(definition.canonical)'")
            }
            switch row["match"] {
            case "exact-case": exactCaseUnits[surface] = definition
            case "":
                let words = Self.phraseWords(surface)
                units.insert(words, value: definition)
                if words.count == 1, definition.isMeasure, surface.allSatisfy(\.isLetter) { attachableUnits.insert(words[0]) }
                // "16.9fl oz": the first word of a measure may stick to the number too.
                if words.count > 1, definition.isMeasure { attachableUnits.insert(words[0]) }
            default:
                throw DataFileError(file: table.file, line: row.line, reason: "unknown match '\(row["match"])'")
            }
        }
    }

    mutating func loadNumbers(_ table: TSVTable) throws {
        for row in table.rows {
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
