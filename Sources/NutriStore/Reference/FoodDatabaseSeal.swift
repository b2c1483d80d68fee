import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A checksum of `foods.sqlite` written at install, in `foods.sqlite.sum` beside it, so damage is noticed before
/// anything is answered from bad pages. Start-up stays cheap: the size, modification time and SQLite header are
/// checked every time; the whole file is hashed only when its modification time differs from the one recorded
/// (a copy, a touch, or bytes changed in place).
public enum FoodDatabaseSeal {
    /// One line of the sidecar file: a database's size, modification time (ns) and hash.
    struct Record: Equatable {
        var size: UInt64
        var modified: Int64
        var hash: UInt64

        var line: String { "\(size)\t\(modified)\t\(String(hash, radix: 16))" }

        init(size: UInt64, modified: Int64, hash: UInt64) {
            self.size = size
            self.modified = modified
            self.hash = hash
        }

        init?(line: Substring) {
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let size = UInt64(fields[0]), let modified = Int64(fields[1]),
                  let hash = UInt64(fields[2], radix: 16) else { return nil }
            self.init(size: size, modified: modified, hash: hash)
        }
    }

    static let header = "size\tmodified\thash"

    /// The sidecar file of a database.
    public static func sumFile(for database: URL) -> URL {
        database.deletingLastPathComponent().appendingPathComponent(database.lastPathComponent + ".sum")
    }

    /// The records of a sidecar file, newest first (none when it is missing or unreadable).
    static func records(for database: URL) -> [Record] {
        guard let data = FileManager.default.contents(atPath: sumFile(for: database).path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().compactMap(Record.init(line:))
    }

    /// Writes `records` as the seal of `database`, through a temporary file and a rename (whole or absent).
    static func store(_ records: [Record], for database: URL) throws {
        let text = ([header] + records.map(\.line)).joined(separator: "\n") + "\n"
        let temporary = database.deletingLastPathComponent()
            .appendingPathComponent(".\(database.lastPathComponent).\(getpid()).sum.tmp")
        try PrivateFiles.write(Data(text.utf8), to: temporary)
        guard rename(temporary.path, sumFile(for: database).path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw StoreError.databaseUnreadable(path: sumFile(for: database).path, reason: "cannot write the checksum (\(errno))")
        }
    }

    /// Records the checksum of the finished (closed) database at `built`, about to be renamed to `installed`. The
    /// seal keeps the previous database's record too, so a crash between this and the rename leaves a database
    /// that still matches.
    static func write(built: URL, for installed: URL) throws {
        let record = try measure(built, hashing: true)
        try store([record] + records(for: installed).prefix(1), for: installed)
    }

    /// Throws ``StoreError/databaseDamaged(path:reason:)`` when the database at `url` matches no record of its seal,
    /// or its header is wrong. A database without a seal (installed by an older NutriChat) gets the header check only.
    public static func verify(_ url: URL) throws {
        let current = try measure(url, hashing: false)
        try checkHeader(url, size: current.size)
        let sealed = records(for: url)
        guard !sealed.isEmpty else { return }
        if sealed.contains(where: { $0.size == current.size && $0.modified == current.modified }) { return }
        guard sealed.contains(where: { $0.size == current.size }) else {
            throw StoreError.databaseDamaged(path: url.path, reason: "it is \(current.size) bytes, \(sealed[0].size) when installed")
        }
        let hashed = try measure(url, hashing: true)
        guard sealed.contains(where: { $0.size == hashed.size && $0.hash == hashed.hash }) else {
            throw StoreError.databaseDamaged(path: url.path, reason: "its checksum differs from the one written at install")
        }
        // Same bytes, new time (copied or touched): remember the time so the next start-up is cheap again.
        try? store([hashed], for: url)
    }

    /// The SQLite header must be there and its page size times page count must be the file's size.
    private static func checkHeader(_ url: URL, size: UInt64) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        guard head.count == 100, head.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw StoreError.databaseDamaged(path: url.path, reason: "its SQLite header is missing")
        }
        func bigEndian(_ range: Range<Int>) -> UInt64 { head[range].reduce(0) { $0 << 8 | UInt64($1) } }
        let raw = bigEndian(16..<18)
        let pageSize = raw == 1 ? 65_536 : raw
        let pages = bigEndian(28..<32)
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0, size % pageSize == 0,
              bigEndian(24..<28) != bigEndian(92..<96) || pages == 0 || pages * pageSize == size else {
            throw StoreError.databaseDamaged(path: url.path, reason: "its size does not match its header")
        }
    }

    /// Size, modification time in nanoseconds and, when asked, a 64-bit hash of every byte.
    static func measure(_ url: URL, hashing: Bool) throws -> Record {
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw StoreError.databaseMissing(path: url.path) }
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        var record = Record(size: UInt64(info.st_size), modified: modified, hash: 0)
        guard hashing else { return record }
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw StoreError.databaseMissing(path: url.path) }
        defer { try? handle.close() }
        var hash = ContentHash()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.add(chunk) }
        record.hash = hash.value
        return record
    }
}

/// A fast 64-bit hash of file contents, eight bytes at a time (a multiply-rotate mix in the style of FNV and
/// xxHash). It finds accidental damage (flipped bytes, torn pages), not a deliberate forgery.
struct ContentHash {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325
    private var length: UInt64 = 0

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let words = bytes.count / 8
            var hash = value
            for index in 0..<words {
                let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                hash = ((hash ^ word) &* 0x9E37_79B9_7F4A_7C15)
                hash = (hash << 31) | (hash >> 33)
            }
            for index in (words * 8)..<bytes.count {
                hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
            }
            value = hash
        }
        length += UInt64(data.count)
        value ^= length
    }
}
