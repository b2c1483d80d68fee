import Foundation

/// Reads a file line by line in chunks, decoding invalid UTF-8 with replacement characters instead of failing.
struct LineReader {
    let handle: FileHandle

    func forEach(_ body: (String) -> Void) {
        var buffer: [UInt8] = []
        // Where the unread part of `buffer` starts: lines are read past, and the buffer is compacted once a chunk.
        var start = 0
        while true {
            let chunk = handle.readData(ofLength: 1 << 16)
            if chunk.isEmpty { break }
            buffer.removeSubrange(0..<start)
            start = 0
            buffer.append(contentsOf: chunk)
            while let newline = buffer[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                body(String(decoding: buffer[start..<end], as: UTF8.self))
                start = newline + 1
            }
        }
        if start < buffer.count { body(String(decoding: buffer[start...], as: UTF8.self)) }
    }
}
