import Foundation
import GRDB
import Testing
@testable import NutriStore

/// Issue 13: one set of rules for every writer, rows read one by one, private files, safe text, no leftovers,
/// a food database whose damage is noticed.
@Suite("Trustworthy with a person's data")
struct TrustStoreTests {
    static let created = Date(timeIntervalSince1970: 1_795_000_000)

    static func entry(_ text: String = "2 eggs", foodId: String = "usda:01123", grams: Double = 100,
                      nutrients: [String: Double] = ["energy_kcal": 143]) -> JournalEntry {
        JournalEntry(date: "2026-11-21", meal: "breakfast", text: text, foodId: foodId, foodName: "Egg, whole, raw, fresh",
                     quantity: 2, unit: nil, grams: grams, nutrients: nutrients, createdAt: created)
    }

    /// A journal with one row of every kind of record.
    static func seedEverything(_ journal: Journal) throws {
        try TransferHome.seed(journal)
        let recipe = RecipeRecord(name: "Porridge", servings: 2, text: "add a recipe: porridge", createdAt: created)
        let oats = RecipeIngredientRecord(text: "1 cup oats", foodId: "usda:08120", foodName: "Oats", quantity: 1, unit: "cup",
                                          grams: 81, nutrients: ["energy_kcal": 307, "protein_g": 10.7])
        let saved = try journal.addRecipe(recipe, ingredients: [oats])
        try journal.addEntries([JournalEntry(date: "2026-11-21", meal: "breakfast", text: "a bowl of porridge",
                                             foodId: saved.record.foodId, foodName: "Porridge", quantity: 1, unit: "serving",
                                             grams: 40.5, nutrients: ["energy_kcal": 153.5], createdAt: created)])
        _ = try journal.addExercise(ExerciseRecord(date: "2026-11-21", activity: "running", minutes: 30, distanceKm: 5, met: 9.8,
                                                   bodyWeightKg: 70, weightAssumed: false, kcal: 343, text: "ran 5 km",
                                                   createdAt: created))
        _ = try journal.logWeight(WeightRecord(date: "2026-11-21", kilograms: 70.5, text: "I weigh 70.5 kg", createdAt: created))
        var profile = ProfileRecord(updatedAt: created)
        profile.heightCm = 175
        try journal.saveProfile(profile)
        try journal.setGoal("protein_g", to: 120, at: created)
        _ = try journal.addPreference(PreferenceRecord(kind: .allergy, item: "peanut", text: "I'm allergic to peanuts",
                                                       createdAt: created))
    }

    // MARK: - Writers follow the rules

    @Test(arguments: [
        (entry(grams: .infinity), "grams is not a finite number"),
        (entry(nutrients: ["energy_kcal": -5]), "energy_kcal cannot be negative"),
        (entry(grams: 1e12), "grams is over the limit"),
        (entry(nutrients: ["energy_kcal": 1e12]), "energy_kcal is over the limit"),
        (entry("\u{1B}c2 eggs"), "control character (U+001B)"),
        (entry("2 eggs \u{202E}sgge"), "control character (U+202E)"),
        (entry(foodId: "custom:99"), "custom food that does not exist"),
        (entry(foodId: "usda:9"), "not a USDA food number"),
    ])
    func everyWriterRefusesWhatTheRulesForbid(entry: JournalEntry, reason: String) throws {
        let journal = try Journal()
        #expect { try journal.addEntries([entry]) } throws: { "\($0)".contains(reason) }
        #expect(try journal.entryCount() == 0)
        try journal.addEntries([Self.entry()])
        var changed = try #require(try journal.entries(on: "2026-11-21").first)
        let original = changed
        changed.grams = entry.grams; changed.nutrients = entry.nutrients; changed.text = entry.text; changed.foodId = entry.foodId
        #expect(throws: StoreError.self) { try journal.updateEntry(changed) }
        #expect(try journal.entry(id: original.id ?? 0) == original)
    }

    @Test func waterAndCustomFoodsFollowTheSameRules() throws {
        let journal = try Journal()
        #expect(throws: StoreError.self) {
            try journal.addWater(WaterRecord(date: "2026-11-21", milliliters: 1e12, text: "water", createdAt: Self.created))
        }
        #expect(throws: StoreError.self) {
            try journal.addCustomFood(CustomFoodRecord(name: "bar", servingQuantity: 1, servingUnit: "bar", servingGrams: nil,
                                                       nutrients: ["energy_kcal": -5000], createdAt: Self.created))
        }
    }

    @Test func aDeletedCustomFoodStillResolves() throws {
        let journal = try Journal()
        let food = try journal.addCustomFood(CustomFoodRecord(name: "bar", servingQuantity: 1, servingUnit: "bar",
                                                              servingGrams: 50, nutrients: ["energy_kcal": 200],
                                                              createdAt: Self.created))
        try journal.addEntries([Self.entry(foodId: food.foodId)])
        try journal.deleteCustomFood(id: food.id ?? 0)
        // The entry keeps its snapshot; its export must import again.
        try journal.addEntries([Self.entry(foodId: food.foodId)])
        let file = try TransferHome.sqliteExport(of: journal)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let (target, fresh) = try TransferHome.make(seeded: false)
        defer { target.remove() }
        try fresh.replaceAll(with: try JournalImporter.prepare(file: file, workingFolder: target.folder))
        #expect(try fresh.entryCount() == 2)
    }

    // MARK: - Round trip

    @Test func aJournalWithEveryRecordKindRoundTrips() throws {
        let (home, journal) = try TransferHome.make(seeded: false)
        defer { home.remove() }
        try Self.seedEverything(journal)
        let file = try TransferHome.sqliteExport(of: journal)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let (target, fresh) = try TransferHome.make(seeded: false)
        defer { target.remove() }
        try fresh.replaceAll(with: try JournalImporter.prepare(file: file, workingFolder: target.folder))
        let before = try TransferHome.allRows(home.journalURL.path)
        let after = try TransferHome.allRows(target.journalURL.path)
        #expect(before == after)
        for table in ["entry", "water", "customFood", "recipe", "recipeIngredient", "exercise", "weight", "profile", "goal",
                      "preference", "mealSlotChange"] {
            #expect((after[table]?.count ?? 0) > 0, "table \(table) is empty")
        }
        #expect(try fresh.damagedRows().isEmpty)
    }

    // MARK: - A damaged row

    @Test(arguments: [
        "UPDATE entry SET nutrients = '{\"energy_kcal\": 1e999}' WHERE id = 2",
        "UPDATE entry SET nutrients = 'garbage' WHERE id = 2",
        "UPDATE entry SET grams = -5 WHERE id = 2",
        "UPDATE entry SET text = 'a' || char(27) || '[2J' WHERE id = 2",
    ])
    func aDamagedRowIsNamedAndSkipped(sql: String) throws {
        let (home, journal) = try TransferHome.make()
        defer { home.remove() }
        try journal.addEntries([JournalEntry(date: "2026-11-20", meal: "lunch", text: "toast", foodId: "usda:18069",
                                             foodName: "Bread", quantity: 1, unit: "slice", grams: 25,
                                             nutrients: ["energy_kcal": 66], createdAt: Self.created)])
        try TransferHome.tamper(home.journalURL, sql)
        let reopened = try Journal(path: home.journalURL.path)
        let day = try reopened.entries(on: "2026-11-20")
        #expect(day.map(\.text) == ["toast"])
        let reports = reopened.takeDamageReports()
        #expect(reports.map(\.id) == [2])
        #expect(reports.first?.description.contains("journal entry row 2") == true)
        #expect(!(reports.first?.description.contains("\n") ?? true))
        // The quick day total leaves out energy values a reader would refuse; a row damaged elsewhere keeps its
        // (valid) calories in it.
        let energy = try reopened.energy(on: "2026-11-20")
        #expect(sql.contains("nutrients") ? energy == 66 : energy.isFinite && energy >= 66)
        #expect(try reopened.damagedRows().map(\.id) == [2])
        // Export still works and keeps the row as it is; import then refuses it by name.
        let file = try TransferHome.sqliteExport(of: reopened)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect { _ = try JournalImporter.prepare(file: file, workingFolder: home.folder) } throws: { error in
            guard case TransferError.badValue(_, "entry", 2, _) = error else { return false }
            return true
        }
    }

    // MARK: - Running day totals

    @Test func dayTotalsFollowEveryChangeFromThisAndOtherConnections() throws {
        let (home, journal) = try TransferHome.make(seeded: false)
        defer { home.remove() }
        let other = try Journal(path: home.journalURL.path)
        func expected() throws -> Double { try journal.entries(on: "2026-11-21").reduce(0) { $0 + $1.kcal } }
        #expect(try journal.energy(on: "2026-11-21") == 0)
        let saved = try journal.addEntries([Self.entry(), Self.entry(nutrients: ["energy_kcal": 100, "protein_g": 5])])
        #expect(try journal.energy(on: "2026-11-21") == 243)
        try journal.addEntries([Self.entry(nutrients: ["energy_kcal": 7])])
        #expect(try journal.energy(on: "2026-11-21") == 250)
        try other.addEntries([Self.entry(nutrients: ["energy_kcal": 1000])])  // another connection's commit
        #expect(try journal.energy(on: "2026-11-21") == 1250)
        try journal.deleteEntries(ids: [saved[0].id ?? 0])
        #expect(try journal.energy(on: "2026-11-21") == expected())
        var changed = saved[1]
        changed.nutrients["energy_kcal"] = 1
        try journal.updateEntry(changed)
        #expect(try journal.energy(on: "2026-11-21") == expected())
        let day = try journal.dayTotals(on: "2026-11-21")
        #expect(day.count == 3 && day.totals["protein_g"] == 5)
    }

    // MARK: - Private files

    @Test func filesArePrivate() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("home/nutrichat")
        let journal = try Journal(path: home.appendingPathComponent("journal.sqlite").path)
        try TransferHome.seed(journal)
        func mode(_ url: URL) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode(home) == 0o700)
        for suffix in ["", "-wal", "-shm"] {
            let file = URL(fileURLWithPath: home.appendingPathComponent("journal.sqlite").path + suffix)
            if FileManager.default.fileExists(atPath: file.path) { #expect(try mode(file) == 0o600, "\(suffix)") }
        }
        for format in ExportFormat.allCases {
            let target = folder.appendingPathComponent("export-\(format.rawValue)")
            let summary = try journal.export(to: target, format: format)
            for file in summary.files { #expect(try mode(file) == 0o600, "\(file.lastPathComponent)") }
            if format == .csv { #expect(try mode(target) == 0o700) }
        }
    }

    @Test func csvCellsThatSpreadsheetsWouldRunAreNeutralised() throws {
        let (home, journal) = try TransferHome.make(seeded: false)
        defer { home.remove() }
        let formulas = ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"].map { TextSafety.stripped($0) }
        #expect(formulas[4] == " x")
        for (index, text) in ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)"].enumerated() {
            try journal.addEntries([Self.entry(text, grams: Double(index))])
        }
        let folder = home.folder.appendingPathComponent("csv")
        _ = try journal.export(to: folder, format: .csv)
        let csv = try String(contentsOf: folder.appendingPathComponent("entry.csv"), encoding: .utf8)
        #expect(csv.contains(",'=cmd|' /C calc'!A0,"))
        #expect(csv.contains(",'+1+1,"))
        #expect(csv.contains(",'-2+3,"))
        #expect(csv.contains(",'@SUM(A1),"))
        #expect(!csv.contains(",=cmd"))
        #expect(TextTableFormat.neutralisingFormula("\tx") == "'\tx")
        #expect(TextTableFormat.neutralisingFormula("\rx") == "'\rx")
        #expect(TextTableFormat.csvText(.init(value: -5.0)!) == "-5.0")  // numbers stay numbers
    }

    // MARK: - Safe text

    @Test func controlsAreStrippedAtTheEdgeAndShownAtTheTerminal() {
        #expect(TextSafety.stripped("\u{1B}c2 eggs") == "2 eggs")
        #expect(TextSafety.stripped("a\u{1B}]0;title\u{07}b\u{1B}[2Jc") == "abc")
        #expect(TextSafety.stripped("rice\tand\nbeans\u{202E}") == "rice and beans")
        #expect(TextSafety.stripped("crème brûlée") == "crème brûlée")
        let shown = TextSafety.forTerminal("a\u{1B}[2Jb\u{85}c\u{202E}d\te\n", keepingColour: false)
        #expect(shown == "a␛[2Jb\u{FFFD}c\u{FFFD}d e\n")
        #expect(TextSafety.forTerminal("\u{1B}[32mok\u{1B}[0m", keepingColour: true) == "\u{1B}[32mok\u{1B}[0m")
        #expect(TextSafety.forTerminal("\u{1B}[32mok", keepingColour: false) == "␛[32mok")
        #expect(TextTableFormat.jsonString("a\u{2028}b\u{85}") == "\"a\\u2028b\\u0085\"")
    }

    @Test func theByteScanAgreesWithTheScalarRule() {
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = "a" + String(Character(scalar)) + "b"
            let fast = text.withUTF8 { TextSafety.hasUnsafeBytes($0, allowingNewline: false) }
            #expect(fast == TextSafety.isUnsafe(scalar), "U+\(String(value, radix: 16))")
        }
    }

    // MARK: - Leftovers

    @Test func leftoversOfDeadProcessesAreRemoved() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A child that has exited: its pid names no running process.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        let mine = ProcessInfo.processInfo.processIdentifier
        let names = [".import-\(dead)-abcd1234.sqlite", ".import-\(dead)-abcd1234.sqlite-journal", ".foods.sqlite.\(dead).tmp",
                     ".foods.sqlite.\(dead).sum.tmp", ".import-\(mine)-ffff0000.sqlite", ".foods.sqlite.\(mine).tmp",
                     "journal.sqlite", ".import-notes.txt"]
        for name in names { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        let removed = Leftovers.sweep(folder)
        #expect(removed == names.prefix(4).sorted())
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == names.suffix(4).sorted())
        #expect(Leftovers.importCopyName().hasPrefix(".import-\(mine)-"))
    }

    // MARK: - Food database checksum

    @Test func aDamagedFoodDatabaseIsNoticed() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Fixtures.buildDatabase(in: folder)
        #expect(FileManager.default.fileExists(atPath: FoodDatabaseSeal.sumFile(for: path).path))
        _ = try FoodDatabase(path: path.path)
        // Same bytes, new time: accepted, and the new time is remembered.
        var bytes = try Data(contentsOf: path)
        try bytes.write(to: path)
        _ = try FoodDatabase(path: path.path)
        // A few flipped bytes in a page, size unchanged.
        bytes[bytes.count / 2] ^= 0xFF
        bytes[bytes.count / 2 + 100] ^= 0x55
        try bytes.write(to: path)
        #expect { _ = try FoodDatabase(path: path.path) } throws: { error in
            "\(error)".contains("the food database is damaged") && "\(error)".contains("run nutrichat data install")
        }
        // A cut-off file fails the cheap size and header checks.
        try bytes.prefix(bytes.count - 4096).write(to: path)
        #expect(throws: StoreError.self) { _ = try FoodDatabase(path: path.path) }
    }
}
