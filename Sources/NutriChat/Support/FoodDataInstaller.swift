import Foundation
import NutriStore

/// Installs the reference food database into a NutriChat home, from a given file or by downloading it.
public struct FoodDataInstaller {
    public let home: NutriHome
    public let catalogs: ReferenceCatalogs

    /// Creates an installer for `home`.
    public init(home: NutriHome, catalogs: ReferenceCatalogs) {
        self.home = home
        self.catalogs = catalogs
    }

    /// Builds `foods.sqlite` from `path` (a .deb, .jar or folder), or downloads Debian's package when nil.
    /// The previous database stays in place until the new one is complete.
    @discardableResult
    public func install(from path: String?, now: Date = Date(), log: (String) -> Void = { _ in },
                        progress: (Int, Int) -> Void = { _, _ in }) throws -> FoodDatabaseBuilder.Summary {
        let source: SR24Source
        let description: String
        if let path {
            source = try SR24Source.detect(path: path)
            description = URL(fileURLWithPath: path).standardizedFileURL.path
        } else {
            let deb = try SR24Downloader.fetch(into: home.cache, log: log)
            source = .deb(deb)
            description = "Debian package \(deb.lastPathComponent)"
        }
        return try FoodDatabaseBuilder(catalogs: catalogs)
            .build(from: source, sourceDescription: description, into: home.foodsDatabase, now: now, progress: progress)
    }
}
