import Foundation

/// `nutrichat-bench fuzz`: generated hostile lines through the real `nutrichat parse FILE` and `nutrichat chat --json`
/// processes (the release binary beside this one), checking what every caller relies on: the process ends normally,
/// one output line per input line (per non-blank line for chat), each a JSON object, and no negative number anywhere.
/// JSON has no non-finite numbers, so one that leaked would not parse. Exits 1 on the first broken promise.
struct FuzzRun {
    let repository: URL
    let home: URL
    var parseLines = 1_000_000
    var chatLines = 10_000
    var seed: UInt64 = FuzzRun.defaultSeed
    static let defaultSeed: UInt64 = 20_261_125

    func run() -> Bool {
        let binary = repository.appendingPathComponent(".build/release/nutrichat")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            print("skipped: build nutrichat first (swift build -c release --product nutrichat)")
            return true
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var generator = FuzzLines(seed: seed)
            let parseInput = folder.appendingPathComponent("parse.txt")
            try generator.write(lines: parseLines, to: parseInput)
            let start = Date()
            let parse = try runProcess(binary, ["parse", "--home", home.path, "--now", "2026-11-21T12:00:00", parseInput.path])
            let parseSeconds = Date().timeIntervalSince(start)
            guard check("parse", parse, expectedLines: parseLines, requiredKey: "items") else { return false }
            print(String(format: "fuzz: parse, %d generated lines in %.1f s: exit 0, one JSON object per line, no negative number",
                         parseLines, parseSeconds))

            // Chat writes a journal: a home of its own, with the reference foods of the benchmark's home.
            let chatHome = folder.appendingPathComponent("home", isDirectory: true)
            try FileManager.default.createDirectory(at: chatHome, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: home.appendingPathComponent("foods.sqlite"),
                                             to: chatHome.appendingPathComponent("foods.sqlite"))
            let chatFile = folder.appendingPathComponent("chat.txt")
            try generator.write(lines: chatLines, to: chatFile)
            let chatInput = try Data(contentsOf: chatFile)
            // Blank as pipe mode reads it: nothing but spaces and tabs once the line ending ("\n", "\r\n") is gone.
            let nonBlank = chatInput.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
                .filter { line in
                    let bytes = line.last == 0x0D ? line.dropLast() : line[...]
                    return !String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces).isEmpty
                }.count
            let chat = try runProcess(binary, ["chat", "--json", "--home", chatHome.path, "--now", "2026-11-21T12:00:00"],
                                      stdin: chatFile)
            guard check("chat", chat, expectedLines: nonBlank, requiredKey: "reply") else { return false }
            print("fuzz: chat --json, \(chatLines) generated lines (\(nonBlank) not blank): exit 0, one JSON object per message, no negative number")
            return true
        } catch {
            print("fuzz: could not run: \(error)")
            return false
        }
    }

    /// Runs `binary` with `arguments`, stdin from `stdin` (or nothing), and collects stdout and stderr.
    private func runProcess(_ binary: URL, _ arguments: [String], stdin: URL? = nil) throws -> (status: Int32, reason: Process.TerminationReason, out: Data, err: Data) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-out-\(UUID().uuidString)")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-err-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = try stdin.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, try Data(contentsOf: out), try Data(contentsOf: err))
    }

    private func check(_ name: String, _ result: (status: Int32, reason: Process.TerminationReason, out: Data, err: Data),
                       expectedLines: Int, requiredKey: String) -> Bool {
        func fail(_ why: String) -> Bool {
            print("fuzz: \(name) FAILED: \(why)")
            let err = String(decoding: result.err.prefix(2_000), as: UTF8.self)
            if !err.isEmpty { print("stderr: \(err)") }
            return false
        }
        guard result.reason == .exit else { return fail("killed by signal \(result.status)") }
        guard result.status == 0 else {
            // Name the first replies that say they failed: pipe mode exits 1 when a message could not be saved.
            let failed = result.out.split(separator: 0x0A).filter { $0.starts(with: Array("{".utf8)) && String(decoding: $0, as: UTF8.self).contains("\"error\"") }
            let shown = failed.prefix(3).map { String(decoding: $0.prefix(300), as: UTF8.self) }.joined(separator: "\n  ")
            return fail("exit status \(result.status)" + (shown.isEmpty ? "" : "; failed replies:\n  " + shown))
        }
        // Split on the newline byte alone: U+2028 or U+0085 inside a line must not count as a line break.
        let lines = result.out.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        guard lines.count == expectedLines else {
            let stray = lines.firstIndex { !$0.starts(with: Array("{\"input\"".utf8)) }
            let where_ = stray.map { " (line \($0 + 1) starts \(String(decoding: lines[$0].prefix(120), as: UTF8.self).debugDescription), after \(String(decoding: lines[$0 - 1].suffix(200), as: UTF8.self).debugDescription))" } ?? ""
            return fail("\(lines.count) output lines for \(expectedLines) input lines\(where_)")
        }
        for (index, line) in lines.enumerated() {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
                return fail("line \(index + 1) is not a JSON object: \(String(decoding: line.prefix(200), as: UTF8.self))")
            }
            guard object[requiredKey] != nil else { return fail("line \(index + 1) has no \"\(requiredKey)\"") }
            if let negative = Self.negativeNumber(in: object) {
                return fail("line \(index + 1) holds the negative number \(negative): \(String(decoding: line.prefix(300), as: UTF8.self))")
            }
        }
        return true
    }

    /// The first negative number anywhere in a decoded JSON value.
    static func negativeNumber(in value: Any) -> Double? {
        switch value {
        case let number as NSNumber:
            // Booleans decode as NSNumber too; they are never negative.
            return number.doubleValue < 0 ? number.doubleValue : nil
        case let array as [Any]:
            return array.lazy.compactMap { negativeNumber(in: $0) }.first
        case let object as [String: Any]:
            return object.values.lazy.compactMap { negativeNumber(in: $0) }.first
        default:
            return nil
        }
    }
}

/// A deterministic stream of hostile lines: random bytes, invalid UTF-8, huge, tiny and negative numbers, separators
/// only, very long lines, SQL and FTS5 syntax, control characters, and real meal phrases mangled by all of these.
struct FuzzLines {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    /// xorshift64*: fast and the same on every machine.
    private mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    static let foods = ["rice", "eggs", "banana", "chicken breast", "milk", "steak", "oatmeal", "coke", "pizza", "apple",
                        "bread", "peanut butter", "coffee", "yogurt", "water", "salad", "beer", "cheese", "pasta", "tofu"]
    static let units = ["g", "kg", "cups", "cup", "tbsp", "oz", "lb", "ml", "l", "slices", "pieces", "cans", "bottles", ""]
    static let numbers = ["1e308", "1e999", "-1e308", "99999999999999999999", "10000000000000000000000", "-5", "-0", "0",
                          "1/0", "0/0", "3/0", "1e-320", "NaN", "nan", "inf", "-inf", "Infinity", "0x1p1024", "1,000,000,000",
                          "2", "1.5", "½", "¾", "2-3", "-2--3", "9223372036854775807", "9223372036854775808",
                          "18446744073709551616", "1" + String(repeating: "0", count: 400), "0." + String(repeating: "0", count: 300) + "1"]
    static let syntax = ["'; DROP TABLE entry; --", "\" OR 1=1 --", "NEAR(rice milk)", "rice* OR milk*", "\"unterminated",
                         "rice AND NOT milk", "{col}: rice", "^rice", "rice:*", "%_%", "\\\\", "(((", ")))", "NULL", "null",
                         "<script>alert(1)</script>", "${HOME}", "$(rm -rf /)", "`id`", "%s%s%n", "\u{1B}c", "\u{1B}]0;x\u{07}",
                         "\u{202E}evil", "\u{2028}", "\u{0085}", "\u{0000}", "\u{FEFF}", "\r", "\t", "🍕🍕🍕", "ﬁsh", "ß"]
    static let templates = ["I had N U F", "N U F for breakfast", "actually N U", "make that N", "how much protein in N U F?",
                            "ran N km", "I weigh N lb", "set my calorie goal to N", "drank N U of water", "N F and N U F",
                            "delete #N", "undo", "I am N years old", "F", "N", "N U", "remove the F", "yesterday N U F at 7pm"]

    /// One line (without its newline).
    mutating func line() -> [UInt8] {
        switch below(12) {
        case 0: // random bytes, newline excluded
            return (0..<below(120)).map { _ in UInt8(truncatingIfNeeded: next()) }.map { $0 == 0x0A ? 0x20 : $0 }
        case 1: // invalid UTF-8 around real words
            let bad: [[UInt8]] = [[0xC3, 0x28], [0xA0, 0xA1], [0xF0, 0x28, 0x8C, 0xBC], [0xFF], [0xED, 0xA0, 0x80], [0xC0, 0xAF]]
            return Array("2 ".utf8) + pick(bad) + Array(" cups \(pick(Self.foods))".utf8) + pick(bad)
        case 2: // separators only
            let separators = [" ", ",", ";", ".", "-", "/", "&", "+", "and", "with", "|", "\t", "...", "?", "!"]
            return Array((0..<(1 + below(30))).map { _ in pick(separators) }.joined().utf8)
        case 3: // a long line (one in a thousand of these a megabyte: a hundred or so in a million lines)
            let unit = pick(["banana ", "1 cup rice and ", "9", "🍕", "a, "])
            let count = below(1_000) == 0 ? 1_000_000 / unit.utf8.count : 10 + below(500)
            return Array(String(repeating: unit, count: count).utf8)
        case 4, 5: // query-language and markup syntax, alone or inside a meal
            return Array((below(2) == 0 ? pick(Self.syntax) : "\(pick(Self.numbers)) \(pick(Self.units)) \(pick(Self.syntax)) \(pick(Self.foods))").utf8)
        default: // a real message shape with hostile numbers
            var text = pick(Self.templates)
            while let range = text.range(of: "N") { text.replaceSubrange(range, with: below(3) == 0 ? String(below(1000)) : pick(Self.numbers)) }
            while let range = text.range(of: "U") { text.replaceSubrange(range, with: pick(Self.units)) }
            while let range = text.range(of: "F") { text.replaceSubrange(range, with: pick(Self.foods)) }
            return Array(text.utf8)
        }
    }

    /// Writes `lines` lines to `url`, each ending in a newline; about one in fifty is blank. Written a block at a
    /// time: the file runs to a few hundred megabytes.
    mutating func write(lines: Int, to url: URL) throws {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var block: [UInt8] = []
        for index in 0..<lines {
            if below(50) == 0 { block.append(contentsOf: below(2) == 0 ? [] : Array("   ".utf8)) } else { block.append(contentsOf: line()) }
            block.append(0x0A)
            if block.count > 1 << 22 || index == lines - 1 {
                try handle.write(contentsOf: block)
                block.removeAll(keepingCapacity: true)
            }
        }
    }
}
