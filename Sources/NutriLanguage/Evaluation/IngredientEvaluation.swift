import Foundation

/// Scores amounts read from labelled ingredient lines (`../shared/data/ingredients-dev`).
///
/// For each line the first amount a reader reports is compared with the first labelled quantity and unit. The
/// product's reader (`nutrichat parse`: the first item's amount) is what the README quotes; the quantity
/// parser alone can be scored too, as a component check. Conventions, as the data's README gives them: `#1$2` is 1/2, `1#1$4` is
/// 1 1/4, `1-2` a range; "a"/"an" count as no quantity, so an implicit quantity compares as none; units are
/// compared after mapping both sides to canonical units. The first amount of "2 15-oz cans" is 2 cans of
/// 15 ounces each, so a label whose first unit is the package's ("ounce can") also counts as right.
public enum IngredientEvaluation {
    /// The figures of one run.
    public struct Report: Sendable {
        public var lines = 0
        public var quantityRight = 0
        public var unitRight = 0
        public var bothRight = 0
        /// Lines, quantities and units right on the odd rows (1st, 3rd…) and on the even rows of the file.
        public var halves = [(lines: 0, quantity: 0, unit: 0), (lines: 0, quantity: 0, unit: 0)]
        /// Lines whose labels name an amount and a food but for which the reader reported no item at all.
        public var emptyWithFood = 0
        public var emptyMisses: [String] = []
        public var quantityMisses: [String] = []
        public var unitMisses: [String] = []

        /// Share of lines whose first quantity is right.
        public var quantityAccuracy: Double { lines == 0 ? 0 : Double(quantityRight) / Double(lines) }
        /// Share of lines whose first canonical unit is right.
        public var unitAccuracy: Double { lines == 0 ? 0 : Double(unitRight) / Double(lines) }

        /// The report as text, with up to `misses` examples of each kind of miss.
        public func text(misses: Int = 25) -> String {
            func pct(_ v: Double) -> String { String(format: "%.1f %%", v * 100) }
            var out = "ingredients: \(lines) lines\n"
            out += "  quantity right: \(quantityRight) (\(pct(quantityAccuracy)))   target ≥ 97 % (through parse)\n"
            out += "  unit right:     \(unitRight) (\(pct(unitAccuracy)))   target ≥ 95 % (through parse)\n"
            out += "  both right:     \(bothRight) (\(pct(lines == 0 ? 0 : Double(bothRight) / Double(lines))))\n"
            for (name, half) in zip(["odd rows", "even rows"], halves) where half.lines > 0 {
                out += "  \(name): quantity \(pct(Double(half.quantity) / Double(half.lines))), unit \(pct(Double(half.unit) / Double(half.lines))) of \(half.lines)\n"
            }
            out += "  no item although an amount and a food are labelled: \(emptyWithFood)   target 0\n"
            for miss in emptyMisses.prefix(misses) { out += "    \(miss)\n" }
            out += "  quantity misses (\(quantityMisses.count)), first \(min(misses, quantityMisses.count)):\n"
            for miss in quantityMisses.prefix(misses) { out += "    \(miss)\n" }
            out += "  unit misses (\(unitMisses.count)), first \(min(misses, unitMisses.count)):\n"
            for miss in unitMisses.prefix(misses) { out += "    \(miss)\n" }
            return out
        }
    }

    /// What a reader made of one line: the first amount it reports and how many items it found.
    public struct Reading: Sendable {
        public var amount: Amount?
        public var items: Int
        /// Creates a reading.
        public init(amount: Amount?, items: Int) {
            self.amount = amount
            self.items = items
        }
    }

    /// Scores the quantity parser alone (a component check: the product's figure comes from `nutrichat parse`).
    public static func evaluateParser(csv: URL, lexiconDirectory: URL) throws -> Report {
        let lexicon = try LanguageLexicon.load(from: lexiconDirectory)
        let parser = QuantityParser(lexicon: lexicon)
        return try evaluate(csv: csv, lexicon: lexicon) { line in
            let amount = firstAmount(in: line, parser: parser)
            return Reading(amount: amount, items: amount == nil ? 0 : 1)
        }
    }

    /// Reads the CSV at `csv` and scores `read` on every line.
    public static func evaluate(csv: URL, lexicon: LanguageLexicon, read: (String) -> Reading) throws -> Report {
        let data: Data
        do { data = try Data(contentsOf: csv) } catch {
            throw DataFileError(file: csv.path, line: 0, reason: "cannot be read")
        }
        let rows = CSVReader.rows(String(decoding: data, as: UTF8.self))
        guard let header = rows.first, let input = header.firstIndex(of: "input"),
              let quantity = header.firstIndex(of: "quantity"), let unit = header.firstIndex(of: "unit") else {
            throw DataFileError(file: csv.lastPathComponent, line: 1, reason: "needs input, quantity and unit columns")
        }
        let name = header.firstIndex(of: "name")
        var report = Report()
        for row in rows.dropFirst() where row.count > max(input, quantity, unit) {
            report.lines += 1
            let reading = read(row[input])
            let amount = reading.amount
            if reading.items == 0, let name, row.count > name, !row[name].isEmpty, !row[quantity].isEmpty {
                report.emptyWithFood += 1
                report.emptyMisses.append(row[input])
            }
            let expectedQuantity = labelQuantity(row[quantity], lexicon: lexicon)
            let gotQuantity = amount.flatMap { $0.isImplicit ? nil : $0.quantity }
            let quantityOK = sameQuantity(gotQuantity, expectedQuantity)
            let expectedUnit = labelUnit(row[unit], lexicon: lexicon)
            let unitOK = amount?.unit == expectedUnit || (expectedUnit != nil && amount?.package?.unit == expectedUnit)
            let half = (report.lines - 1) % 2
            report.halves[half].lines += 1
            if quantityOK { report.halves[half].quantity += 1 }
            if unitOK { report.halves[half].unit += 1 }
            if quantityOK { report.quantityRight += 1 }
            if unitOK { report.unitRight += 1 }
            if quantityOK && unitOK { report.bothRight += 1 }
            let got = "q=\(gotQuantity.map { String($0) } ?? "-") unit=\(amount?.unit ?? "-")\(amount?.package.map { " pkg=\($0.quantity) \($0.unit)" } ?? "")"
            if !quantityOK {
                report.quantityMisses.append("\(row[input])  | label q=\(row[quantity]) | got \(got)")
            }
            if !unitOK {
                report.unitMisses.append("\(row[input])  | label unit=\(row[unit]) → \(expectedUnit ?? "-") | got \(got)")
            }
        }
        return report
    }

    // MARK: - Both sides

    static func firstAmount(in text: String, parser: QuantityParser) -> Amount? {
        if let (amount, _) = parser.leadingAmount(in: text), amount.quantity != nil || amount.unit != nil {
            return amount
        }
        return parser.amounts(in: text).first
    }

    /// The first labelled quantity: "1#1$2" → 1.5, "#3$4" → 0.75, "2-3" → 2.5, "few" → 3.
    static func labelQuantity(_ label: String, lexicon: LanguageLexicon) -> Double? {
        guard let first = label.split(separator: " ").first.map(String.init) else { return nil }
        if let dash = first.firstIndex(of: "-"), dash != first.startIndex {
            let low = labelQuantity(String(first[..<dash]), lexicon: lexicon)
            let high = labelQuantity(String(first[first.index(after: dash)...]), lexicon: lexicon)
            if let low, let high { return (low + high) / 2 }
        }
        if let hash = first.firstIndex(of: "#") {
            let whole = first[..<hash].isEmpty ? 0 : Double(first[..<hash]) ?? 0
            let parts = first[first.index(after: hash)...].split(separator: "$")
            guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 else { return nil }
            return whole + a / b
        }
        if let value = Double(first) { return value }
        if let word = lexicon.numbers[first.lowercased()], word.kind != .article { return word.value }
        return nil
    }

    /// The first labelled unit that is a unit, canonical ("lg clove" → clove, "c g" → cup); sizes and
    /// qualifiers are skipped. A label naming no unit we know stays as written, so it counts as a miss.
    static func labelUnit(_ label: String, lexicon: LanguageLexicon) -> String? {
        let words = label.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return nil }
        var index = 0
        while index < words.count {
            // Two-word units first ("fl oz").
            if index + 1 < words.count, let unit = lexicon.unit(named: words[index] + " " + words[index + 1]), unit.kind != .size {
                return unit.canonical
            }
            if let unit = lexicon.unit(named: words[index]), unit.kind != .size { return unit.canonical }
            index += 1
        }
        return words[0].lowercased()
    }

    static func sameQuantity(_ got: Double?, _ expected: Double?) -> Bool {
        switch (got, expected) {
        case (nil, nil): return true
        case let (g?, e?): return abs(g - e) <= max(0.011, e * 0.01)
        default: return false
        }
    }
}
