import Foundation
import Testing
import ZIPFoundation
@testable import NutriStore

@Suite("Food database install")
struct FoodDatabaseBuilderTests {
    @Test func buildsFromFolder() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Fixtures.buildDatabase(in: folder)
        let database = try FoodDatabase(path: path.path)
        let status = try database.status()
        #expect(status.foods == Fixtures.recordCount)
        #expect(status.portions > 100)
        #expect(status.nutrients > 60)
        #expect(status.source == "fixture")
        let banana = try database.food(id: "usda:09040")
        #expect(banana.name == "Bananas, raw")
        #expect(banana.group == "Fruits and Fruit Juices")
        #expect(banana.kcalPer100g == 89)
        #expect(try database.portions(ndb: 9040).contains { $0.grams == 118 })
        let carbs = try database.nutrients(ndb: 9040).first { $0.nutrient.key == "carbohydrate_g" }
        #expect(carbs?.amount == 22.84)
        #expect(try database.food(id: "09040") == banana)
    }

    @Test func fullTextSearchStemsAndFoldsDiacritics() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try FoodDatabase(path: try Fixtures.buildDatabase(in: folder).path)
        #expect(try database.fullTextSearch(words: ["banana"]).contains { $0.food.id == "usda:09040" })
        #expect(try database.fullTextSearch(words: ["lentil"]).count == 2)
        #expect(try database.fullTextSearch(words: ["brócoli"]).isEmpty)
        #expect(try database.fullTextSearch(words: ["bröccoli"]).count == 2)
        #expect(try database.fullTextSearch(words: ["\"", "*"]).isEmpty)
        // FTS syntax is quoted away: "OR" is just the word "or" ("broilers or fryers"), "NEAR(" finds nothing.
        #expect(try database.fullTextSearch(words: ["OR"]).allSatisfy { $0.food.name.lowercased().contains(" or ") })
        #expect(try database.fullTextSearch(words: ["NEAR(", "-"]).isEmpty)
        #expect(try database.fullTextSearch(words: []).isEmpty)
    }

    @Test func buildsFromJarAndIsRepeatable() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jar = try makeJar(in: folder)
        #expect(try SR24Source.detect(path: jar.path) == .jar(jar))
        let destination = folder.appendingPathComponent("foods.sqlite")
        let builder = FoodDatabaseBuilder(catalogs: try Fixtures.catalogs())
        let first = try builder.build(from: .jar(jar), sourceDescription: jar.path, into: destination)
        let second = try builder.build(from: .jar(jar), sourceDescription: jar.path, into: destination)
        #expect(first == second)
        #expect(first.foods == Fixtures.recordCount)
        #expect(try FoodDatabase(path: destination.path).status().foods == Fixtures.recordCount)
    }

    @Test func buildsFromDeb() throws {
        guard ProcessRunner.which("dpkg-deb") != nil else { return }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("pkg")
        let jarFolder = root.appendingPathComponent("usr/share/cronometer")
        try FileManager.default.createDirectory(at: jarFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("DEBIAN"), withIntermediateDirectories: true)
        try """
            Package: cronometer
            Version: 0.9.9
            Architecture: all
            Maintainer: test <test@example.org>
            Description: test package

            """.write(to: root.appendingPathComponent("DEBIAN/control"), atomically: true, encoding: .utf8)
        let jar = try makeJar(in: folder)
        try FileManager.default.copyItem(at: jar, to: jarFolder.appendingPathComponent("usda_sr24.jar"))
        let deb = folder.appendingPathComponent("cronometer_test.deb")
        let result = try ProcessRunner.run("dpkg-deb", ["--build", "--root-owner-group", root.path, deb.path])
        #expect(result.status == 0)
        let source = try SR24Source.detect(path: deb.path)
        #expect(source == .deb(deb))
        let summary = try FoodDatabaseBuilder(catalogs: try Fixtures.catalogs())
            .build(from: source, sourceDescription: "deb", into: folder.appendingPathComponent("foods.sqlite"))
        #expect(summary.foods == Fixtures.recordCount)
    }

    @Test func badSourcesAreRefusedAndLeaveTheDatabaseUntouched() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = try Fixtures.buildDatabase(in: folder)
        let before = try Data(contentsOf: destination)

        let random = folder.appendingPathComponent("random.jar")
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255) }).write(to: random)
        let fakeZip = folder.appendingPathComponent("fake.jar")
        try Data([0x50, 0x4B, 0x03, 0x04] + (0..<100).map { _ in UInt8(7) }).write(to: fakeZip)
        let unrelatedZip = folder.appendingPathComponent("unrelated.jar")
        let archive = try Archive(url: unrelatedZip, accessMode: .create)
        try archive.addEntry(with: "hello.txt", type: .file, uncompressedSize: Int64(5)) { _, _ in Data("hello".utf8) }
        let fakeDeb = folder.appendingPathComponent("fake.deb")
        try Data("!<arch>\nnot really a package".utf8).write(to: fakeDeb)
        let emptyFolder = folder.appendingPathComponent("empty", isDirectory: true)
        try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: true)
        let badRecordFolder = folder.appendingPathComponent("bad", isDirectory: true)
        try FileManager.default.createDirectory(at: badRecordFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.sr24Folder.appendingPathComponent("09040.xml"),
                                         to: badRecordFolder.appendingPathComponent("09040.xml"))
        try Data("<food uid=\"09041\" name=\"trunc".utf8).write(to: badRecordFolder.appendingPathComponent("09041.xml"))

        let builder = FoodDatabaseBuilder(catalogs: try Fixtures.catalogs())
        for path in [random, fakeZip, unrelatedZip, fakeDeb, emptyFolder, badRecordFolder,
                     folder.appendingPathComponent("missing.deb")] {
            #expect(throws: StoreError.self) {
                let source = try SR24Source.detect(path: path.path)
                _ = try builder.build(from: source, sourceDescription: path.path, into: destination)
            }
        }
        #expect(try Data(contentsOf: destination) == before)
        #expect(try FoodDatabase(path: destination.path).status().foods == Fixtures.recordCount)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func unknownFoodIdsAreErrors() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try FoodDatabase(path: try Fixtures.buildDatabase(in: folder).path)
        for id in ["usda:99999", "banana", "", "usda:", "usda:123456", "custom:1"] {
            #expect(throws: StoreError.unknownFood(id: id)) { try database.food(id: id) }
        }
    }

    @Test func refusesNonDatabaseFiles() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junk = folder.appendingPathComponent("foods.sqlite")
        try Data("not a database at all, just text".utf8).write(to: junk)
        #expect(throws: StoreError.self) { try FoodDatabase(path: junk.path) }
        #expect(throws: StoreError.databaseMissing(path: folder.path + "/none.sqlite")) {
            try FoodDatabase(path: folder.path + "/none.sqlite")
        }
    }

    private func makeJar(in folder: URL) throws -> URL {
        let jar = folder.appendingPathComponent("usda_sr24.jar")
        let archive = try Archive(url: jar, accessMode: .create)
        try archive.addEntry(with: "META-INF/MANIFEST.MF", type: .file, uncompressedSize: Int64(0)) { _, _ in Data() }
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.sr24Folder.path).sorted() {
            let data = try Data(contentsOf: Fixtures.sr24Folder.appendingPathComponent(name))
            try archive.addEntry(with: "usda_sr24/\(name)", type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return jar
    }
}

@Suite("Full SR24 database (when installed)", .enabled(if: Fixtures.installedFullDatabase != nil))
struct FullDatabaseTests {
    @Test func hasEveryFoodAndMeasure() throws {
        let database = try FoodDatabase(path: try #require(Fixtures.installedFullDatabase))
        let status = try database.status()
        #expect(status.foods == 8858)
        #expect(status.portions >= 15000)
        #expect(status.nutrients >= 70)
    }
}
