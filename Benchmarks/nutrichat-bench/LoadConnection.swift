import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One keep-alive HTTP/1.1 connection on loopback, blocking, for the load bench: a request written whole, the answer
/// read by its Content-Length (or chunk by chunk). Light on purpose, as wrk is: on two cores the client shares the
/// machine with the server, and Foundation's URLSession (curl behind one queue) cost more than the server it measured.
final class LoadConnection {
    private let host: String
    private let port: UInt16
    private var socket: Int32 = -1
    /// Bytes received and not yet consumed: `buffer[start...]`. One receive area is kept for the connection's life.
    private var buffer: [UInt8] = []
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    deinit { close() }

    /// Sends one request and returns the status code and body; reconnects once when the server closed the connection.
    func send(_ method: String, _ path: String, body: Data?, token: String?) throws -> (status: Int, body: Data) {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        head += "\r\n"
        let request = Array(head.utf8) + (body.map { Array($0) } ?? [])
        do {
            return try exchange(request)
        } catch {
            close()
            return try exchange(request)
        }
    }

    func close() {
        if socket >= 0 { Glibc.close(socket) }
        socket = -1
        buffer.removeAll(keepingCapacity: true)
        start = 0
    }

    private func exchange(_ request: [UInt8]) throws -> (status: Int, body: Data) {
        if socket < 0 { try connect() }
        try write(request)
        let headers = try readHead()
        guard let statusText = headers.first?.split(separator: " ").dropFirst().first, let status = Int(statusText) else {
            throw LoadError("a bad status line")
        }
        let fields = headers.dropFirst().map { $0.lowercased() }
        if let length = fields.first(where: { $0.hasPrefix("content-length:") })
            .flatMap({ Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }) {
            return (status, Data(try read(count: length)))
        }
        if fields.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }) {
            return (status, Data(try readChunks()))
        }
        return (status, Data())
    }

    private func connect() throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LoadError("socket: \(errno)") }
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close()
            throw LoadError("connect: \(errno)")
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw LoadError("send: \(errno)") }
            sent += n
        }
    }

    /// Reads more bytes into the buffer, dropping the consumed ones first; throws at the end of the stream.
    private func fill() throws {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw LoadError("the server closed the connection") }
        buffer.append(contentsOf: chunk[0..<n])
    }

    /// Consumes `count` bytes of the buffer, then `skip` more (a line's or the header's end).
    private func take(_ count: Int, skipping skip: Int = 0) -> ArraySlice<UInt8> {
        let taken = buffer[start..<(start + count)]
        start += count + skip
        return taken
    }

    /// The status line and header lines, up to the empty line.
    private func readHead() throws -> [String] {
        while true {
            if let length = lengthBefore(13, 10, 13, 10) {
                return String(decoding: take(length, skipping: 4), as: UTF8.self).components(separatedBy: "\r\n")
            }
            try fill()
        }
    }

    private func read(count: Int) throws -> [UInt8] {
        while buffer.count - start < count { try fill() }
        return Array(take(count))
    }

    private func readLine() throws -> String {
        while true {
            if let length = lengthBefore(13, 10) { return String(decoding: take(length, skipping: 2), as: UTF8.self) }
            try fill()
        }
    }

    private func readChunks() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeText = try readLine().split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw LoadError("a bad chunk") }
            if size == 0 {
                _ = try readLine()
                return body
            }
            body += try read(count: size)
            _ = try readLine()
        }
    }

    /// How many unconsumed bytes come before the first `pattern` (two or four bytes), compared in place.
    private func lengthBefore(_ pattern: UInt8...) -> Int? {
        let last = buffer.count - pattern.count
        guard last >= start else { return nil }
        next: for index in start...last where buffer[index] == pattern[0] {
            for offset in 1..<pattern.count where buffer[index + offset] != pattern[offset] { continue next }
            return index - start
        }
        return nil
    }
}

struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
