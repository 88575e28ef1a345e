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
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(kind(SystemTime.readZoneFile(fifo)) == "a FIFO")
        #expect(kind(SystemTime.readZoneFile(folder.path)) == "a folder")
        #expect(kind(SystemTime.readZoneFile("/dev/null")) == "a character device")
        #expect(kind(SystemTime.readZoneFile("/dev/zero")) == "a character device")
        #expect(kind(SystemTime.readZoneFile(folder.file("missing"))) == "missing")
        let zone = try folder.write(String(decoding: TimeZoneFileTests.paris, as: UTF8.self), to: "zone")
        try Data(TimeZoneFileTests.paris).write(to: URL(fileURLWithPath: zone))
        #expect(kind(SystemTime.readZoneFile(zone)) == "zone")
        // Not as RFC 8536 lays it out, or too big to be read in one go: the C library's to read.
        try Data(TimeZoneFileTests.paris + [0]).write(to: URL(fileURLWithPath: zone))
        #expect(kind(SystemTime.readZoneFile(zone)) == "unread")
        try Data(TimeZoneFileTests.paris + [UInt8](repeating: 0, count: 9_000)).write(to: URL(fileURLWithPath: zone))
        #expect(kind(SystemTime.readZoneFile(zone)) == "unread")
    }

    #if canImport(Glibc)
    /// Opening a device can do something (a watchdog starts counting down, a tape rewinds): what
    /// `TZ` names is opened only once it is known to be a regular file, as root may run us with a
    /// user's `TZ`. inotify tells whether the FIFO was opened.
    @Test func whatIsNoFileIsRefusedWithoutBeingOpened() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        try #require(watch >= 0)
        defer { close(watch) }
        try #require(inotify_add_watch(watch, fifo, UInt32(IN_OPEN)) >= 0)
        #expect(kind(SystemTime.readZoneFile(fifo)) == "a FIFO")
        var events = [UInt8](repeating: 0, count: 4096)
        #expect(read(watch, &events, events.count) == -1, "the FIFO was opened")
    }
    #endif

    private func kind(_ content: SystemTime.ZoneFileContent) -> String {
        switch content {
        case .zone: "zone"
        case .missing: "missing"
        case .notAFile(let kind): kind
        case .unread: "unread"
        }
    }
}
