import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Talking to a daemon a test started on 127.0.0.1: a free port for it to listen on, and plain HTTP
/// requests to its API over a raw socket.
///
/// A socket rather than `URLSession`, which on Linux lives in `FoundationNetworking` (libcurl), and
/// rather than the `curl` program, which a fresh machine need not have.
enum Loopback {
    /// A TCP port on 127.0.0.1 that no socket is bound to now, none of `taken`, for a daemon to listen on.
    ///
    /// Drawn at random below Linux's range for outgoing connections (32768 to 60999 unless changed),
    /// so that no connection made meanwhile, such as one daemon's to the other, can take it before the
    /// daemon binds it, as it could a port the kernel hands out for port 0; and tried with `bind`.
    /// Another test's daemon could still draw the same port in the same moment: one in thousands,
    /// and its start then fails with the reason in its log.
    static func freePort(notIn taken: Set<UInt16> = []) throws -> UInt16 {
        for _ in 0..<50 {
            let port = UInt16.random(in: 20_000...32_767)
            if !taken.contains(port), try isFree(port) { return port }
        }
        throw Emotions.Failure.systemCall("bind 127.0.0.1 (50 ports tried, all taken)", errno: EADDRINUSE)
    }

    /// Whether a socket can be bound to 127.0.0.1:`port` now; the socket is closed at once.
    private static func isFree(_ port: UInt16) throws -> Bool {
        let socket = try openSocket()
        defer { close(socket) }
        var address = loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            if errno == EADDRINUSE || errno == EACCES { return false }
            throw Emotions.Failure.systemCall("bind 127.0.0.1:\(port)", errno: errno)
        }
        return true
    }

    /// What an HTTP server answered.
    struct Response: Sendable {
        /// The status code, such as 200.
        let status: Int
        /// The body, as sent.
        let body: Data
    }

    /// Sends `method path` with `headers` to 127.0.0.1:`port` as HTTP/1.0 (so the answer is neither
    /// chunked nor kept alive) and reads the whole answer.
    ///
    /// - Throws: `Emotions.Failure.systemCall` when nothing listens, or the server says nothing
    ///   within `timeout`; `Loopback.Failure` when what it says is not HTTP.
    static func request(
        _ method: String, port: UInt16, path: String, headers: [String: String] = [:], timeout: Duration = .seconds(5)
    ) throws -> Response {
        let socket = try openSocket()
        defer { close(socket) }
        try setTimeout(timeout, on: socket)
        var address = loopbackAddress(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Emotions.Failure.systemCall("connect 127.0.0.1:\(port)", errno: errno) }
        let lines = ["\(method) \(path) HTTP/1.0", "Host: 127.0.0.1:\(port)", "Content-Length: 0"]
            + headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        try writeAll(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), to: socket)
        return try parse(try readAll(from: socket), method: method, path: path)
    }

    /// Why an answer could not be read.
    struct Failure: Error, CustomStringConvertible {
        /// What was asked and what came back.
        let description: String
    }

    // MARK: - The socket

    private static func openSocket() throws -> Int32 {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw Emotions.Failure.systemCall("socket", errno: errno) }
        return socket
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    private static func setTimeout(_ timeout: Duration, on socket: Int32) throws {
        let seconds = max(timeout.components.seconds, 1)
        var value = timeval(tv_sec: .init(seconds), tv_usec: 0)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            guard setsockopt(socket, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size)) == 0 else {
                throw Emotions.Failure.systemCall("setsockopt", errno: errno)
            }
        }
    }

    private static func writeAll(_ bytes: [UInt8], to socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Emotions.Failure.systemCall("send", errno: errno) }
            sent += count
        }
    }

    private static func readAll(from socket: Int32) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Emotions.Failure.systemCall("recv", errno: errno) }
            if count == 0 { return received }
            received += buffer[..<count]
        }
    }

    private static func parse(_ answer: [UInt8], method: String, path: String) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        let headEnd = (0..<max(answer.count - 3, 0)).first { answer[$0..<$0 + 4].elementsEqual(separator) }
        let head = String(decoding: answer[..<(headEnd ?? answer.count)], as: UTF8.self)
        let statusWords = head.prefix { $0 != "\r" }.split(separator: " ")
        guard let headEnd, statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/"), let status = Int(statusWords[1])
        else {
            throw Failure(description: "\(method) \(path) got an answer that is not HTTP: \(head.prefix(200))")
        }
        return Response(status: status, body: Data(answer[(headEnd + 4)...]))
    }
}
