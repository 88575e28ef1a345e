import Foundation
import Testing
@testable import EmotionKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file `TZ` names, read with `open`, one `read` and `close`: a zone, or refused without
/// waiting if it is not a regular file, or left to the C library.
struct ZoneFileReadingTests {
    @Test func aZoneFileIsReadAndWhatIsNoFileIsRefusedWithoutWaiting() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("fifo")
        expect(mkfifo(fifo, 0o600), equals: 0)
        expect(kind(SystemTime.readZoneFile(fifo)), equals: "a FIFO")
        expect(kind(SystemTime.readZoneFile(folder.path)), equals: "a folder")
        expect(kind(SystemTime.readZoneFile("/dev/null")), equals: "a character device")
        expect(kind(SystemTime.readZoneFile("/dev/zero")), equals: "a character device")
        expect(kind(SystemTime.readZoneFile(folder.file("missing"))), equals: "missing")
        let zone = try folder.write(String(decoding: TimeZoneFileTests.paris, as: UTF8.self), to: "zone")
        try Data(TimeZoneFileTests.paris).write(to: URL(fileURLWithPath: zone))
        expect(kind(SystemTime.readZoneFile(zone)), equals: "zone")
        // Not as RFC 8536 lays it out, or too big to be read in one go: the C library's to read.
        try Data(TimeZoneFileTests.paris + [0]).write(to: URL(fileURLWithPath: zone))
        expect(kind(SystemTime.readZoneFile(zone)), equals: "unread")
        try Data(TimeZoneFileTests.paris + [UInt8](repeating: 0, count: 9_000)).write(to: URL(fileURLWithPath: zone))
        expect(kind(SystemTime.readZoneFile(zone)), equals: "unread")
    }

    #if canImport(Glibc)
    /// Opening a device can do something (a watchdog starts counting down, a tape rewinds): what
    /// `TZ` names is opened only once it is known to be a regular file, as root may run us with a
    /// user's `TZ`. inotify tells whether the FIFO was opened.
    @Test func whatIsNoFileIsRefusedWithoutBeingOpened() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("fifo")
        expect(mkfifo(fifo, 0o600), equals: 0)
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        try #require(watch >= 0)
        defer { close(watch) }
        try #require(inotify_add_watch(watch, fifo, UInt32(IN_OPEN)) >= 0)
        expect(kind(SystemTime.readZoneFile(fifo)), equals: "a FIFO")
        var events = [UInt8](repeating: 0, count: 4096)
        expect(read(watch, &events, events.count), equals: -1, "the FIFO was opened")
    }
    #endif

    /// Before `tzset`, what `TZ` names is judged by the bytes the C library opens: not a UTF-8 repair
    /// of them (`EST5\u{FFFD}` is no file, while glibc opens `EST5` and the byte 0xFF, and waits on
    /// a FIFO of that name forever), nor a `:` that a combining mark after it hides from
    /// `hasPrefix`; an empty `TZ` is the C library's `Universal`.
    @Test(arguments: [Array("EST5".utf8) + [0xFF], Array(":\u{301}zone".utf8), [], Array(":EST5fifo".utf8)])
    func theFileTheCLibraryWouldOpenIsJudgedByTheVariablesOwnBytes(zone: [UInt8]) throws {
        let folder = try TemporaryFolder()
        for name in [Array("EST5".utf8) + [0xFF], Array("\u{301}zone".utf8), Array("Universal".utf8), Array("EST5fifo".utf8)] {
            let path = Array((folder.path + "/").utf8) + name
            expect(mkfifo(path.map { CChar(bitPattern: $0) } + [0], 0o600), equals: 0)
        }
        let problem = SystemTime.cLibraryZoneFileProblem(zone: zone, folder: Array(folder.path.utf8))
        expect(problem?.reason.contains("a FIFO"), equals: true, "\(zone): \(String(describing: problem))")
        #expect(SystemTime.cLibraryZoneFileProblem(zone: Array("EST5".utf8), folder: Array(folder.path.utf8)) == nil)
    }

    private func kind(_ content: SystemTime.ZoneFileContent) -> String {
        switch content {
        case .zone: "zone"
        case .missing: "missing"
        case .notAFile(let kind): kind
        case .unread: "unread"
        }
    }
}
