import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder where the trained intent model is kept between runs, so that start-up reads a few megabytes instead of
/// training on every example again (a second or so, against a one-line `parse`'s few tens of milliseconds).
///
/// A model is found by a key that hashes everything training depends on: the bytes of every `<intent>.txt` and of
/// the word lists the slot features read, the model's parameters and `build`, the identity of the program that trains and reads it. Editing an example, or
/// installing another build, therefore trains afresh; nothing is ever invalidated by hand. The cache is only an
/// optimisation: a folder that cannot be written, or a file that cannot be read, costs a training, never an error.
public struct IntentModelCache: Sendable {
    /// The folder holding `intent-model-<key>.bin`.
    public let directory: URL
    /// What identifies the code: a model written by one build is never read by another.
    public let build: String

    /// A cache in `directory` for the code identified by `build`.
    public init(directory: URL, build: String) {
        self.directory = directory
        self.build = build
    }

    /// A cache in `directory` for the running executable, or nil when its identity cannot be read.
    public static func forRunningExecutable(in directory: URL) -> IntentModelCache? {
        executableIdentity().map { IntentModelCache(directory: directory, build: $0) }
    }

    /// The running executable's device, inode, size and modification time: any rebuild or reinstall changes it.
    static func executableIdentity() -> String? {
        #if os(Linux)
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        #else
        guard let path = Bundle.main.executablePath,
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size], let date = attributes[.modificationDate] as? Date else { return nil }
        return "\(path):\(size):\(date.timeIntervalSince1970)"
        #endif
    }

    /// The key of a model trained on `files` with `parameters`, its features read with the word lists `features`.
    func key(
        files: [(intent: Intent, data: Data)], features: [Data], parameters: IntentLogisticModel.Parameters
    ) -> String {
        var hash = StableHash()
        hash.add(Data(build.utf8))
        hash.add(Data(parameters.fingerprint.map(\.bitPattern).flatMap { value in
            (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }))
        for (intent, data) in files {
            hash.add(Data(intent.rawValue.utf8))
            hash.add(data)
        }
        for data in features { hash.add(data) }
        return String(hash.value, radix: 16)
    }

    private func url(forKey key: String) -> URL {
        directory.appendingPathComponent("\(Self.filePrefix)\(key).bin")
    }

    private static let filePrefix = "intent-model-"

    /// The model stored under `key`, or nil when there is none or it cannot be read.
    func model(forKey key: String, parameters: IntentLogisticModel.Parameters) -> IntentLogisticModel? {
        // Mapped rather than read: the bytes are copied once, into the model, instead of twice.
        guard let data = try? Data(contentsOf: url(forKey: key), options: .alwaysMapped) else { return nil }
        return IntentLogisticModel(decoding: data, parameters: parameters)
    }

    /// Stores `model` under `key` (written whole, then renamed into place) and removes models stored under other
    /// keys, which no run of this build will ask for again. Failures are ignored: the next run trains again.
    func store(_ model: IntentLogisticModel, forKey key: String) {
        let manager = FileManager.default
        // Private like the rest of the home (0700): the cache sits inside the person's folder.
        try? manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let target = url(forKey: key)
        guard (try? model.encoded().write(to: target, options: .atomic)) != nil else { return }
        let stale = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in stale where name.hasPrefix(Self.filePrefix) && name != target.lastPathComponent {
            try? manager.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}

/// 64-bit FNV-1a over length-prefixed pieces: the same value on every run and machine (unlike `Hasher`).
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ data: Data) {
        var count = UInt64(data.count)
        for _ in 0..<8 {
            mix(UInt8(truncatingIfNeeded: count))
            count >>= 8
        }
        data.withUnsafeBytes { bytes in
            for byte in bytes { mix(byte) }
        }
    }

    private mutating func mix(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
}
