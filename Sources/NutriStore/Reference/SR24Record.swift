import Foundation

/// One food as read from an SR24 XML file of the cronometer package.
public struct SR24Record: Sendable, Equatable {
    /// A household measure: `amount` of `name` weighs `grams`.
    public struct Measure: Sendable, Equatable {
        public var amount: Double
        public var name: String
        public var grams: Double
    }

    /// The 5-digit NDB number, e.g. "09040".
    public var ndb: String
    /// The USDA description, e.g. "Bananas, raw".
    public var name: String
    public var measures: [Measure]
    /// Nutrient amounts per 100 g, by SR24 nutrient name ("Energy", "Protein", …).
    public var nutrients: [(name: String, amount: Double)]

    public static func == (lhs: SR24Record, rhs: SR24Record) -> Bool {
        lhs.ndb == rhs.ndb && lhs.name == rhs.name && lhs.measures == rhs.measures
            && lhs.nutrients.elementsEqual(rhs.nutrients, by: { $0.name == $1.name && $0.amount == $1.amount })
    }
}

extension SR24Record {
    /// Reads one `<food …>…</food>` document. The format is flat and regular, so a small scanner does the job
    /// faster than a general XML parser and without a libxml2 dependency.
    public static func parse(xml data: Data, entry: String) throws -> SR24Record {
        guard let text = String(data: data, encoding: .utf8) else {
            throw StoreError.malformedRecord(entry: entry, reason: "not UTF-8")
        }
        var scanner = TagScanner(text: text)
        guard let food = scanner.next(), food.name == "food" else {
            throw StoreError.malformedRecord(entry: entry, reason: "no <food> element")
        }
        guard let uid = food.attributes["uid"], uid.count == 5, uid.allSatisfy(\.isASCIIDigit) else {
            throw StoreError.malformedRecord(entry: entry, reason: "missing or invalid uid")
        }
        guard let name = food.attributes["name"], !name.isEmpty else {
            throw StoreError.malformedRecord(entry: entry, reason: "missing name")
        }
        var record = SR24Record(ndb: uid, name: name, measures: [], nutrients: [])
        // An empty `<food …/>` (SR24's "ground beef calculator") is a food with no measures or nutrients.
        var closed = food.selfClosing
        while !closed, let tag = scanner.next() {
            switch tag.name {
            case "measure":
                guard let amount = tag.number("amount"), let grams = tag.number("grams"),
                      let measureName = tag.attributes["name"], amount > 0, grams > 0
                else { throw StoreError.malformedRecord(entry: entry, reason: "bad <measure>") }
                record.measures.append(Measure(amount: amount, name: measureName, grams: grams))
            case "nutrient":
                guard let amount = tag.number("amount"), let nutrientName = tag.attributes["name"], amount >= 0
                else { throw StoreError.malformedRecord(entry: entry, reason: "bad <nutrient>") }
                record.nutrients.append((nutrientName, amount))
            case "/food":
                closed = true
            default:
                continue
            }
        }
        guard closed else { throw StoreError.malformedRecord(entry: entry, reason: "truncated, no </food>") }
        return record
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Walks the tags of a small XML document, decoding attribute entities.
struct TagScanner {
    struct Tag {
        var name: String
        var attributes: [String: String]
        var selfClosing = false
        func number(_ key: String) -> Double? {
            attributes[key].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil }
        }
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(text: String) { scalars = Array(text.unicodeScalars) }

    mutating func next() -> Tag? {
        while index < scalars.count, scalars[index] != "<" { index += 1 }
        guard index < scalars.count else { return nil }
        index += 1
        if index < scalars.count, scalars[index] == "?" || scalars[index] == "!" {
            while index < scalars.count, scalars[index] != ">" { index += 1 }
            return next()
        }
        var name = ""
        if index < scalars.count, scalars[index] == "/" { name = "/"; index += 1 }
        name += read(while: { !$0.properties.isWhitespace && $0 != ">" && $0 != "/" })
        var attributes: [String: String] = [:]
        var slash = false
        while index < scalars.count {
            skipWhitespace()
            guard index < scalars.count else { return nil }
            let c = scalars[index]
            if c == ">" { index += 1; return Tag(name: name, attributes: attributes, selfClosing: slash) }
            if c == "/" { index += 1; slash = true; continue }
            let key = read(while: { $0 != "=" && $0 != ">" && !$0.properties.isWhitespace })
            skipWhitespace()
            guard index < scalars.count, scalars[index] == "=" else { return nil }
            index += 1
            skipWhitespace()
            guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else { return nil }
            let quote = scalars[index]
            index += 1
            let raw = read(while: { $0 != quote })
            guard index < scalars.count else { return nil }
            index += 1
            attributes[key] = Self.decodeEntities(raw)
        }
        return nil
    }

    private mutating func skipWhitespace() {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    private mutating func read(while predicate: (Unicode.Scalar) -> Bool) -> String {
        var view = String.UnicodeScalarView()
        while index < scalars.count, predicate(scalars[index]) {
            view.append(scalars[index])
            index += 1
        }
        return String(view)
    }

    static func decodeEntities(_ raw: String) -> String {
        guard raw.contains("&") else { return raw }
        var result = ""
        var rest = Substring(raw)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 8 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "quot": result += "\""
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "apos": result += "'"
            default:
                if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16), let s = Unicode.Scalar(code) {
                    result.unicodeScalars.append(s)
                } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let s = Unicode.Scalar(code) {
                    result.unicodeScalars.append(s)
                } else {
                    result += "&" + entity + ";"
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return result + rest
    }
}
