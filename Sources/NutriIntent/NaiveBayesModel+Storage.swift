import Foundation

/// A trained model as bytes, so that start-up can read it instead of training again (see `IntentModelCache`).
///
/// The layout is private to one build of NutriChat: the cache key includes the executable's identity, so bytes are
/// only ever read by the code that wrote them. Reading still checks every size and index, and answers nil for bytes
/// that do not describe a model, so a damaged file costs a retraining, never a crash.
extension NaiveBayesModel {
    private static let magic: UInt32 = 0x4E42_4332 // "NBC2"

    /// The model's arrays, little-endian, after a header of counts.
    func encoded() -> Data {
        var writer = BinaryWriter()
        writer.append([Self.magic, UInt32(classes.count), UInt32(occurrences.count), UInt32(entryClasses.count)])
        writer.append(classes.map { UInt8(truncatingIfNeeded: $0.index) })
        writer.append(entryStarts)
        writer.append(entryClasses)
        writer.append(entryLogs.map(\.bitPattern))
        writer.append([logNever])
        writer.append(occurrences)
        writer.append(logUnseen)
        writer.append(logDenominators)
        writer.append(logPriors)
        return writer.data
    }

    /// The model `encoded()` wrote, or nil when `data` is not one for these parameters.
    init?(decoding data: Data, parameters: Parameters) {
        var reader = BinaryReader(data: data)
        guard let header: [UInt32] = reader.read(count: 4), header[0] == Self.magic,
              Int(header[2]) == parameters.featurizer.bucketCount else { return nil }
        let classCount = Int(header[1])
        let bucketCount = Int(header[2])
        let entryCount = Int(header[3])
        guard let classIndices: [UInt8] = reader.read(count: classCount),
              let entryStarts: [Int32] = reader.read(count: bucketCount + 1),
              let entryClasses: [UInt8] = reader.read(count: entryCount),
              let entryLogBits: [UInt32] = reader.read(count: entryCount),
              let logNever: [Double] = reader.read(count: 1),
              let occurrences: [UInt16] = reader.read(count: bucketCount),
              let logUnseen: [Double] = reader.read(count: classCount),
              let logDenominators: [Double] = reader.read(count: classCount),
              let logPriors: [Double] = reader.read(count: classCount),
              reader.isAtEnd else { return nil }
        let intents = Intent.allCases
        guard classIndices.allSatisfy({ Int($0) < intents.count }),
              entryClasses.allSatisfy({ Int($0) < classCount }),
              entryStarts.first == 0, entryStarts.last == Int32(entryCount),
              zip(entryStarts, entryStarts.dropFirst()).allSatisfy({ $0 <= $1 && $1 - $0 <= classCount }) else { return nil }
        self.init(parameters: parameters, classes: classIndices.map { intents[Int($0)] }, entryStarts: entryStarts,
                  entryClasses: entryClasses, entryLogs: entryLogBits.map(Float.init(bitPattern:)), logNever: logNever[0], occurrences: occurrences,
                  logUnseen: logUnseen, logDenominators: logDenominators, logPriors: logPriors)
    }
}

/// Appends arrays of plain numbers as their bytes.
struct BinaryWriter {
    private(set) var data = Data()

    mutating func append<T: FixedWidthInteger>(_ values: [T]) {
        values.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
    }

    mutating func append(_ values: [Double]) {
        append(values.map(\.bitPattern))
    }
}

/// Reads back what `BinaryWriter` wrote; every read answers nil past the end.
struct BinaryReader {
    let data: Data
    private var offset = 0

    init(data: Data) {
        self.data = data
    }

    var isAtEnd: Bool { offset == data.count }

    mutating func read<T: FixedWidthInteger>(count: Int) -> [T]? {
        let size = count * MemoryLayout<T>.size
        guard count >= 0, size <= data.count - offset else { return nil }
        let start = offset
        let values = data.withUnsafeBytes { raw in
            [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                // One copy of the bytes, then a byte swap only where the machine is big-endian.
                UnsafeMutableRawBufferPointer(buffer)
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<start + size]))
                #if _endian(big)
                for index in 0..<count { buffer[index] = T(littleEndian: buffer[index]) }
                #endif
                initialized = count
            }
        }
        offset += size
        return values
    }

    mutating func read(count: Int) -> [Double]? {
        let bits: [UInt64]? = read(count: count)
        return bits?.map(Double.init(bitPattern:))
    }
}
