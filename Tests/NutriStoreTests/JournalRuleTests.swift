import Foundation
import Testing
@testable import NutriStore

/// The rules every stored row passes: the byte-wise nutrient key test and the quick all-good path accept and refuse
/// exactly what the character-wise rules did, and a refusal still names the first bad key in key order.
@Suite("Journal rules")
struct JournalRuleTests {
    /// The rule as first written, character by character.
    static func characterRule(_ key: String) -> Bool {
        !key.isEmpty && key.count <= 64 && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    static let keys = ["energy_kcal", "protein_g", "vitamin_b12_ug", "F", "_", "9", String(repeating: "a", count: 64),
                       String(repeating: "a", count: 65), "", " ", "protein g", "protein-g", "énergie_kcal", "e\u{301}",
                       "kcal\r\n", "\r\n", "ａｂｃ", "٣", "²", "Ⅻ", "ß", "x\u{0}", "x\u{7F}", "fat_g;", "ﬁ", "🍎",
                       "a\u{200D}b", "ABC_def_123", String(repeating: "é", count: 30)]

    @Test func nutrientKeysAsBefore() {
        for key in Self.keys {
            #expect(JournalRules.isNutrientKey(key) == Self.characterRule(key), "\(key.debugDescription)")
        }
    }

    @Test func amountsAndTheFirstBadKey() throws {
        try JournalRules.checkNutrients(["energy_kcal": 250, "protein_g": 12.5, "fat_g": 0])
        #expect(throws: StoreError.self) { try JournalRules.checkNutrients(["protein_g": -1]) }
        #expect(throws: StoreError.self) { try JournalRules.checkNutrients(["protein_g": .nan]) }
        #expect(throws: StoreError.self) { try JournalRules.checkNutrients(["protein_g": .infinity]) }
        #expect(throws: StoreError.self) { try JournalRules.checkNutrients(["energy_kcal": 1e9]) }
        do {
            try JournalRules.checkNutrients(["zinc_mg": -2, "b-bad": 1, "a_ok": 1, "protein_g": .nan])
            Issue.record("a bad row passed")
        } catch {
            #expect("\(error)".contains("b-bad"), "\(error)")
        }
    }

    @Test func textRules() throws {
        try JournalRules.checkText("2 eggs", field: "text", allowEmpty: false)
        try JournalRules.checkText("", field: "text")
        for blank in ["", " ", "\t", " \u{00A0}\u{3000} "] {
            #expect(throws: StoreError.self, "\(blank.debugDescription)") { try JournalRules.checkText(blank, field: "text", allowEmpty: false) }
        }
        let limit = JournalRules.maximumTextLength
        try JournalRules.checkText(String(repeating: "é", count: limit), field: "text")  // more bytes than the limit
        try JournalRules.checkText(String(repeating: "🍎", count: limit), field: "text")
        #expect(throws: StoreError.self) { try JournalRules.checkText(String(repeating: "a", count: limit + 1), field: "text") }
        #expect(throws: StoreError.self) { try JournalRules.checkText(String(repeating: "é", count: limit + 1), field: "text") }
    }
}
