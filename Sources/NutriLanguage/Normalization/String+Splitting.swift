extension String {
    /// What `split(separator:)` gives for an ASCII separator, read as bytes when the text is ASCII (nearly always)
    /// instead of walking grapheme clusters; text with other characters takes the `Character` path.
    public func splitting(_ separator: Character) -> [Substring] {
        guard let byte = separator.asciiValue, utf8.allSatisfy({ $0 < 0x80 }) else { return split(separator: separator) }
        return utf8.split(separator: byte).map { Substring($0) }
    }
}
