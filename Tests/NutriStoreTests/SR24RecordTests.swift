import Foundation
import Testing
@testable import NutriStore

@Suite("SR24 records")
struct SR24RecordTests {
    @Test func readsBanana() throws {
        let data = try Data(contentsOf: Fixtures.sr24Folder.appendingPathComponent("09040.xml"))
        let record = try SR24Record.parse(xml: data, entry: "09040.xml")
        #expect(record.ndb == "09040")
        #expect(record.name == "Bananas, raw")
        #expect(record.measures.contains { $0.name == "medium (7\" to 7-7/8\" long)" && $0.grams == 118 })
        #expect(record.nutrients.first { $0.name == "Energy" }?.amount == 89)
    }

    @Test func readsAnEmptySelfClosingFood() throws {
        let xml = #"<food uid="23999" fcf="9.0" name="Beef, ground beef calculator" ccf="4.0"/>"#
        let record = try SR24Record.parse(xml: Data(xml.utf8), entry: "23999.xml")
        #expect(record.name == "Beef, ground beef calculator")
        #expect(record.measures.isEmpty && record.nutrients.isEmpty)
    }

    @Test("malformed records are refused", arguments: [
        "",
        "garbage",
        "<food name=\"x\"></food>",
        "<food uid=\"12\" name=\"x\"></food>",
        "<food uid=\"09040\" name=\"Bananas\"><measure amount=\"1\" name=\"cup\" grams=\"abc\"/></food>",
        "<food uid=\"09040\" name=\"Bananas\"><nutrient amount=\"89\" name=\"Energy\"/>",
        "<food uid=\"09040\" name=\"Bananas\"><nutrient amount=\"-3\" name=\"Energy\"/></food>",
    ])
    func refusesMalformed(xml: String) {
        #expect(throws: StoreError.self) { try SR24Record.parse(xml: Data(xml.utf8), entry: "x.xml") }
    }

    @Test func decodesEntities() {
        #expect(TagScanner.decodeEntities("a &quot;b&quot; &amp; c &#233;&#x41;") == "a \"b\" & c éA")
        #expect(TagScanner.decodeEntities("AT&T;") == "AT&T;")
    }
}
