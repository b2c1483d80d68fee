extension String {
    /// What `split(separator:)` gives for an ASCII separator, read as bytes when the text is ASCII (nearly always)
    /// instead of walking grapheme clusters; text with other characters takes the `Character` path.
    /// The separator is a scalar so that its byte is known without a call (`Character.asciiValue` is not inlined).
    public func splitting(_ separator: Unicode.Scalar) -> [Substring] {
        guard separator.isASCII,
              let pieces = utf8.withContiguousStorageIfAvailable({ asciiPieces($0, separator: UInt8(separator.value)) }),
              let pieces else { return split(separator: Character(separator)) }
        return pieces
    }

    /// The pieces between `separator` bytes, or nil when the text is not all ASCII. Byte offsets become indices in
    /// constant time, since a native string is stored as UTF-8.
    private func asciiPieces(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) -> [Substring]? {
        let utf8 = self.utf8
        var pieces: [Substring] = []
        // Counting first costs a pass over a few bytes and saves growing the array piece by piece.
        var separators = 0
        for byte in bytes where byte == separator { separators += 1 }
        pieces.reserveCapacity(separators + 1)
        var start = 0
        func piece(_ lower: Int, _ upper: Int) -> Substring {
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: lower)..<utf8.index(utf8.startIndex, offsetBy: upper)])
        }
        for offset in 0..<bytes.count {
            let byte = bytes[offset]
            if byte >= 0x80 { return nil }
            if byte == separator {
                if start != offset { pieces.append(piece(start, offset)) }
                start = offset + 1
            }
        }
        if start != bytes.count { pieces.append(piece(start, bytes.count)) }
        return pieces
    }
}

extension StringProtocol {
    /// `allSatisfy(\.isLetter)`, read as bytes when the text is ASCII (where the letters are A–Z and a–z), without
    /// walking grapheme clusters and their Unicode properties.
    @inlinable
    public var isAllLetters: Bool {
        let ascii = utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var letters = true
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if !((byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)) { letters = false }
            }
            return letters
        }
        if let ascii, let ascii { return ascii }
        return allSatisfy(\.isLetter)
    }
}

extension String {
    /// `count`, the number of characters, read off the UTF-8 length when the text is ASCII (one byte, one
    /// character) instead of walking grapheme clusters.
    @inlinable
    public var characterCount: Int {
        let ascii = utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } } ?? false
        return ascii ? utf8.count : count
    }
}
