import Foundation
import ZIPFoundation

/// Where USDA SR24 food records come from: the cronometer .deb, its `usda_sr24.jar`, or an unpacked folder.
public enum SR24Source: Sendable, Equatable {
    case deb(URL)
    case jar(URL)
    case folder(URL)

    /// The path of the jar inside the cronometer package.
    static let jarPathInPackage = "usr/share/cronometer/usda_sr24.jar"

    /// Works out what kind of source `path` is, by its content rather than its name.
    public static func detect(path: String) throws -> SR24Source {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw StoreError.sourceNotFound(path: path)
        }
        if isDirectory.boolValue { return .folder(url) }
        let head = try readHead(of: url, count: 8)
        if head.starts(with: Array("!<arch>\n".utf8)) { return .deb(url) }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .jar(url) }
        throw StoreError.notSR24(path: path, reason: "neither a .deb, a .jar nor a folder")
    }

    /// Calls `body` with every food XML entry's name and bytes.
    public func forEachRecord(_ body: (String, Data) throws -> Void) throws -> Int {
        switch self {
        case .deb(let url):
            let jar = try Self.extractJar(fromDeb: url)
            return try Self.forEachXML(inJarData: jar, path: url.path, body)
        case .jar(let url):
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw StoreError.sourceNotFound(path: url.path)
            }
            return try Self.forEachXML(inJarData: data, path: url.path, body)
        case .folder(let url):
            return try Self.forEachXML(inFolder: url, body)
        }
    }

    /// The number of records, for the progress bar; nil when it cannot be known cheaply.
    static func isFoodEntry(_ name: String) -> Bool {
        let file = (name as NSString).lastPathComponent
        return file.hasSuffix(".xml") && file.count == 9 && file.prefix(5).allSatisfy(\.isASCIIDigit)
    }

    // MARK: - Readers

    private static func readHead(of url: URL, count: Int) throws -> [UInt8] {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw StoreError.sourceNotFound(path: url.path)
        }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: count)) ?? Data())
    }

    static func forEachXML(inJarData data: Data, path: String, _ body: (String, Data) throws -> Void) throws -> Int {
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read) } catch {
            throw StoreError.notSR24(path: path, reason: "not a readable zip archive")
        }
        var count = 0
        for entry in archive where entry.type == .file && isFoodEntry(entry.path) {
            var bytes = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { bytes.append($0) }
            } catch {
                throw StoreError.notSR24(path: path, reason: "damaged entry \(entry.path)")
            }
            try body(entry.path, bytes)
            count += 1
        }
        guard count > 0 else { throw StoreError.notSR24(path: path, reason: "no food records inside") }
        return count
    }

    static func forEachXML(inFolder url: URL, _ body: (String, Data) throws -> Void) throws -> Int {
        let fm = FileManager.default
        let jar = url.appendingPathComponent(jarPathInPackage)
        if fm.fileExists(atPath: jar.path) { return try SR24Source.jar(jar).forEachRecord(body) }
        let directJar = url.appendingPathComponent("usda_sr24.jar")
        if fm.fileExists(atPath: directJar.path) { return try SR24Source.jar(directJar).forEachRecord(body) }
        var folder = url
        let nested = url.appendingPathComponent("usda_sr24", isDirectory: true)
        if fm.fileExists(atPath: nested.path) { folder = nested }
        let names = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter(isFoodEntry).sorted()
        guard !names.isEmpty else { throw StoreError.notSR24(path: url.path, reason: "no NNNNN.xml food records") }
        for name in names {
            let file = folder.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file) else {
                throw StoreError.malformedRecord(entry: name, reason: "cannot be read")
            }
            try body(name, data)
        }
        return names.count
    }

    /// Pulls `usda_sr24.jar` out of the .deb's data archive with `dpkg-deb --fsys-tarfile` and a tar reader.
    static func extractJar(fromDeb url: URL) throws -> Data {
        let tar = try ProcessRunner.run("dpkg-deb", ["--fsys-tarfile", url.path])
        guard tar.status == 0 else {
            throw StoreError.notSR24(path: url.path, reason: "dpkg-deb cannot read it")
        }
        guard let jar = TarReader.file(named: jarPathInPackage, in: tar.output) else {
            throw StoreError.notSR24(path: url.path, reason: "the package has no \(jarPathInPackage)")
        }
        return jar
    }
}
