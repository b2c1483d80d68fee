extension String {
    /// What `split(separator:)` gives for an ASCII separator, read as bytes when the text is ASCII (nearly always)
    /// instead of walking grapheme clusters; text with other characters takes the `Character` path.
    public func splitting(_ separator: Character) -> [Substring] {
        guard let byte = separator.asciiValue, utf8.allSatisfy({ $0 < 0x80 }) else { return split(separator: separator) }
        var pieces: [Substring] = []
        let utf8 = self.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == byte {
                if start != index { pieces.append(Substring(utf8[start..<index])) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex { pieces.append(Substring(utf8[start...])) }
        return pieces
    }
}
