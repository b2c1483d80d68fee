import Foundation

/// Reads a file line by line in chunks, decoding invalid UTF-8 with replacement characters instead of failing.
struct LineReader {
    let handle: FileHandle

    func forEach(_ body: (String) -> Void) {
        var buffer = Data()
        while true {
            let chunk = handle.readData(ofLength: 1 << 16)
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: 0x0A) {
                var line = buffer[buffer.startIndex..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                body(String(decoding: line, as: UTF8.self))
                buffer.removeSubrange(buffer.startIndex...newline)
            }
        }
        if !buffer.isEmpty { body(String(decoding: buffer, as: UTF8.self)) }
    }
}
