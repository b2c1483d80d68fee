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
    /// What the sidecar file records.
    struct Record: Equatable {
        var size: UInt64
        var modified: Int64
        var hash: UInt64

        var text: String { "size\tmodified\thash\n\(size)\t\(modified)\t\(String(hash, radix: 16))\n" }

        init(size: UInt64, modified: Int64, hash: UInt64) {
            self.size = size
            self.modified = modified
            self.hash = hash
        }

        init?(text: String) {
            let lines = text.split(separator: "\n")
            guard lines.count == 2 else { return nil }
            let fields = lines[1].split(separator: "\t")
            guard fields.count == 3, let size = UInt64(fields[0]), let modified = Int64(fields[1]),
                  let hash = UInt64(fields[2], radix: 16) else { return nil }
            self.init(size: size, modified: modified, hash: hash)
        }
    }

    /// The sidecar file of a database.
    public static func sumFile(for database: URL) -> URL {
        database.deletingLastPathComponent().appendingPathComponent(database.lastPathComponent + ".sum")
    }

    /// Records the checksum of the finished (closed) database at `built` as the seal of `installed`, the name it is
    /// about to be renamed to. Written through a temporary file and a rename, so the seal is whole or absent.
    static func write(built: URL, for installed: URL) throws {
        let record = try measure(built, hashing: true)
        let sum = sumFile(for: installed)
        let temporary = installed.deletingLastPathComponent()
            .appendingPathComponent(".\(installed.lastPathComponent).\(getpid()).sum.tmp")
        try PrivateFiles.write(Data(record.text.utf8), to: temporary)
        guard rename(temporary.path, sum.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw StoreError.databaseUnreadable(path: sum.path, reason: "cannot write the checksum (\(errno))")
        }
    }

    /// Throws ``StoreError/databaseDamaged(path:reason:)`` when the database at `url` does not match its seal or
    /// its header. A database without a seal (installed by an older NutriChat) gets the header check only.
    public static func verify(_ url: URL) throws {
        let current = try measure(url, hashing: false)
        try checkHeader(url, size: current.size)
        guard let data = FileManager.default.contents(atPath: sumFile(for: url).path),
              let sealed = Record(text: String(decoding: data, as: UTF8.self)) else { return }
        guard current.size == sealed.size else {
            throw StoreError.databaseDamaged(path: url.path, reason: "it is \(current.size) bytes, \(sealed.size) when installed")
        }
        if current.modified == sealed.modified { return }
        let hashed = try measure(url, hashing: true)
        guard hashed.hash == sealed.hash else {
            throw StoreError.databaseDamaged(path: url.path, reason: "its checksum differs from the one written at install")
        }
        // Same bytes, new time (copied or touched): remember the time so the next start-up is cheap again.
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).sum.tmp")
        if (try? PrivateFiles.write(Data(hashed.text.utf8), to: temporary)) != nil,
           rename(temporary.path, sumFile(for: url).path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
        }
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
