import Foundation
import NutriData
import NutriStore

/// Paths and helpers shared by the store tests.
enum Fixtures {
    /// `Tests/Fixtures/sr24`: a few dozen real SR24 records.
    static var sr24Folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sr24", isDirectory: true)
    }

    static var recordCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: sr24Folder.path)) ?? []).filter { $0.hasSuffix(".xml") }.count
    }

    /// The real nutrient and group tables from `Lexicon/`, read with a plain split (the loader lives in NutriChat).
    static func catalogs() throws -> ReferenceCatalogs {
        func rows(_ name: String) throws -> [[String]] {
            let text = try String(contentsOf: DataDirectory.bundled.lexicon.appendingPathComponent(name), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
            return lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        }
        let nutrients = try rows("nutrients.tsv").map {
            NutrientInfo(id: Int($0[0]) ?? 0, source: $0[1], key: $0[2], label: $0[3], unit: $0[4], category: $0[5],
                         dailyValue: Double($0[6]))
        }
        let groups = try rows("food-groups.tsv").reduce(into: [String: String]()) { $0[$1[0]] = $1[1] }
        return ReferenceCatalogs(nutrients: nutrients, foodGroups: groups)
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Builds a fixture database into `folder` and returns its path.
    static func buildDatabase(in folder: URL) throws -> URL {
        let destination = folder.appendingPathComponent("foods.sqlite")
        _ = try FoodDatabaseBuilder(catalogs: try catalogs())
            .build(from: .folder(sr24Folder), sourceDescription: "fixture", into: destination)
        return destination
    }

    /// The full database of the default home, when someone installed it; integration tests skip otherwise.
    static var installedFullDatabase: String? {
        let env = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let home = env["NUTRICHAT_HOME"] { candidates.append(home + "/foods.sqlite") }
        if let xdg = env["XDG_DATA_HOME"] { candidates.append(xdg + "/nutrichat/foods.sqlite") }
        if let home = env["HOME"] { candidates.append(home + "/.local/share/nutrichat/foods.sqlite") }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
