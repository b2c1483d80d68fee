import Foundation

/// A trained model as bytes, so that start-up can read it instead of training again (see `IntentModelCache`).
///
/// The layout is private to one build of NutriChat: the cache key includes the executable's identity, so bytes are
/// only ever read by the code that wrote them. Reading still checks every size, and answers nil for bytes that do
/// not describe a model, so a damaged file costs a retraining, never a crash.
extension IntentLogisticModel {
    private static let magic: UInt32 = 0x4C52_4331 // "LRC1"

    /// The model's arrays, little-endian, after a header of counts.
    func encoded() -> Data {
        var writer = BinaryWriter()
        writer.append([Self.magic, UInt32(Self.classCount), UInt32(parameters.featurizer.bucketCount)])
        writer.append([temperature])
        writer.append(bias.map(\.bitPattern))
        writer.append(weights.map(\.bitPattern))
        return writer.data
    }

    /// The model `encoded()` wrote, or nil when `data` is not one for these parameters.
    init?(decoding data: Data, parameters: Parameters) {
        var reader = BinaryReader(data: data)
        let classCount = Self.classCount
        let bucketCount = parameters.featurizer.bucketCount
        guard let header: [UInt32] = reader.read(count: 3), header[0] == Self.magic,
              Int(header[1]) == classCount, Int(header[2]) == bucketCount,
              let temperature: [Double] = reader.read(count: 1),
              temperature[0].isFinite, temperature[0] > 0,
              let bias = reader.readFloats(count: classCount),
              let weights = reader.readFloats(count: bucketCount * classCount),
              reader.isAtEnd else { return nil }
        // A model is finite everywhere; anything else is damage, and NaNs would poison every ranking.
        guard bias.allSatisfy(\.isFinite), weights.allSatisfy(\.isFinite) else { return nil }
        self.init(parameters: parameters, weights: weights, bias: bias, temperature: temperature[0])
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

    /// Floats as `BinaryWriter` wrote their bit patterns; on a little-endian machine, one copy of the bytes.
    mutating func readFloats(count: Int) -> [Float]? {
        #if _endian(big)
        let bits: [UInt32]? = read(count: count)
        return bits?.map(Float.init(bitPattern:))
        #else
        let size = count * MemoryLayout<Float>.size
        guard count >= 0, size <= data.count - offset else { return nil }
        let start = offset
        offset += size
        return data.withUnsafeBytes { raw in
            [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer)
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<start + size]))
                initialized = count
            }
        }
        #endif
    }

    mutating func read(count: Int) -> [Double]? {
        let bits: [UInt64]? = read(count: count)
        return bits?.map(Double.init(bitPattern:))
    }
}
