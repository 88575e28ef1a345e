import Foundation
import Testing
@testable import EmotionKit

/// Time zone files built by hand, cut short and scrambled: each is read as RFC 8536 lays it out, or
/// not at all, and nothing traps.
struct TimeZoneFileTests {
    /// A TZif file of `version` (0, or "2"…"4" as a byte): `transitions` to `types` (offset, is
    /// daylight saving time), version 1's data block with 4-byte times, the later ones' with 8 and
    /// `footer`; `leapSeconds` records of zeros.
    static func file(
        version: UInt8, transitions: [(Int64, UInt8)], types: [(Int32, Bool)], footer: String = "",
        leapSeconds: Int = 0
    ) -> [UInt8] {
        func header(_ version: UInt8, transitions: Int) -> [UInt8] {
            let counts = [types.count, types.count, leapSeconds, transitions, types.count, 4]
            return Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
                + counts.flatMap { bigEndian(Int64($0), size: 4) }
        }
        func block(timeSize: Int, transitions: [(Int64, UInt8)]) -> [UInt8] {
            transitions.flatMap { bigEndian($0.0, size: timeSize) } + transitions.map(\.1)
                + types.flatMap { bigEndian(Int64($0.0), size: 4) + [$0.1 ? 1 : 0, 0] } + Array("ABC\0".utf8)
                + [UInt8](repeating: 0, count: leapSeconds * (timeSize + 4)) + [UInt8](repeating: 0, count: 2 * types.count)
        }
        if version == 0 { return header(0, transitions: transitions.count) + block(timeSize: 4, transitions: transitions) }
        return header(version, transitions: 0) + block(timeSize: 4, transitions: [])
            + header(version, transitions: transitions.count) + block(timeSize: 8, transitions: transitions)
            + Array("\n\(footer)\n".utf8)
    }

    private static func bigEndian(_ value: Int64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// Paris-like: local mean time, then standard and summer time; a footer for after 2000.
    static let paris = file(
        version: UInt8(ascii: "3"),
        transitions: [(-2_486_678_901, 1), (-1_000_000_000, 2), (-900_000_000, 1), (946_684_800, 1)],
        types: [(561, false), (3600, false), (7200, true)], footer: "CET-1CEST,M3.5.0,M10.5.0/3")

    @Test func aFileGivesEachTransitionsOffsetAndItsFootersRuleAfterTheLast() throws {
        let zone = try #require(TimeZoneFile(bytes: Self.paris))
        expect(zone.offset(atSecondsSinceEpoch: -3_000_000_000), equals: 561)
        expect(zone.offset(atSecondsSinceEpoch: -2_486_678_901), equals: 3600)
        expect(zone.offset(atSecondsSinceEpoch: -1_000_000_001), equals: 3600)
        expect(zone.offset(atSecondsSinceEpoch: -1_000_000_000), equals: 7200)
        expect(zone.offset(atSecondsSinceEpoch: -900_000_000), equals: 3600)
        expect(zone.offset(atSecondsSinceEpoch: 1_784_116_800), equals: 7200)  // July 2026, by the rule
        expect(zone.offset(atSecondsSinceEpoch: 1_768_478_400), equals: 3600)
    }

    @Test func beforeTheFirstTransitionTheFirstStandardTimeTypeIsInForceAsGlibcHasIt() throws {
        let bytes = Self.file(version: UInt8(ascii: "2"), transitions: [(0, 1)], types: [(7200, true), (3600, false)])
        try expect(#require(TimeZoneFile(bytes: bytes)).offset(atSecondsSinceEpoch: -1), equals: 3600)
        let allSummer = Self.file(version: UInt8(ascii: "2"), transitions: [], types: [(7200, true), (10_800, true)])
        try expect(#require(TimeZoneFile(bytes: allSummer)).offset(atSecondsSinceEpoch: 0), equals: 7200)
    }

    @Test func aVersionOneFileHasNoFooterAndKeepsItsLastType() throws {
        let bytes = Self.file(version: 0, transitions: [(-100, 1), (100, 0)], types: [(-18_000, false), (-14_400, true)])
        let zone = try #require(TimeZoneFile(bytes: bytes))
        expect(zone.offset(atSecondsSinceEpoch: 0), equals: -14_400)
        expect(zone.offset(atSecondsSinceEpoch: 4_000_000_000), equals: -18_000)
        expect(zone.rule, equals: nil)
    }

    /// Files each wrong in one way, and how.
    static let wrongFiles: [(String, [UInt8])] = {
        let two = UInt8(ascii: "2")
        let utc: [(Int32, Bool)] = [(0, false)]
        var flagTwo = file(version: two, transitions: [], types: utc, footer: "UTC0")
        flagTwo[flagTwo.count - 14] = 2  // the only type's daylight saving flag
        return [
            ("leap seconds", file(version: UInt8(ascii: "4"), transitions: [], types: utc, footer: "UTC0", leapSeconds: 1)),
            ("a type out of range", file(version: two, transitions: [(0, 5)], types: utc)),
            ("transitions out of order", file(version: two, transitions: [(5, 0), (5, 0)], types: utc)),
            ("version 5", file(version: UInt8(ascii: "5"), transitions: [], types: utc)),
            ("no types", file(version: two, transitions: [], types: [])),
            ("a footer glibc completes from posixrules", file(version: two, transitions: [], types: utc, footer: "EST5EDT")),
            ("bytes after the footer", file(version: two, transitions: [], types: utc, footer: "UTC0") + [0]),
            ("bad magic", Array("TZiF".utf8) + Array(paris.dropFirst(4))),
            ("a daylight saving flag of 2", flagTwo),
        ]
    }()

    @Test func theByteTheWrongFilesChangeIsTheDaylightSavingFlag() throws {
        var bytes = Self.file(version: UInt8(ascii: "2"), transitions: [], types: [(0, false)], footer: "UTC0")
        bytes[bytes.count - 14] = 1
        try expect(#require(TimeZoneFile(bytes: bytes)).types, equals: [TimeZoneFile.LocalTimeType(offset: 0, isDaylightSaving: true)])
    }

    @Test(arguments: wrongFiles)
    func aFileThatIsNotExactlyAsRFC8536LaysItOutIsNotRead(why: String, bytes: [UInt8]) {
        expect(TimeZoneFile(bytes: bytes), equals: nil, "\(why)")
    }

    @Test func everyCutShortFileIsNotReadAndNothingTraps() throws {
        var files = [Self.paris]
        if let berlin = FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin") { files.append([UInt8](berlin)) }
        for bytes in files {
            #expect(TimeZoneFile(bytes: bytes) != nil)
            for length in 0..<bytes.count {
                expect(TimeZoneFile(bytes: Array(bytes[..<length])), equals: nil, "cut at \(length)")
            }
        }
    }

    /// Random bytes after a valid header, headers with random counts, and valid files with bytes
    /// changed at random: each is a zone or not, and a zone answers for every instant.
    @Test func scrambledFilesNeverTrap() {
        var generator = SeededGenerator(seed: 25)
        let instants: [Int64] = [.min, -2_000_000_000, -1, 0, 1, 2_000_000_000, 4_000_000_000, .max]
        for round in 0..<3000 {
            var bytes = Self.paris
            switch round % 3 {
            case 0:
                bytes = Array(bytes[..<44]) + (0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case 1:
                for index in 20..<44 where generator.chance(0.3) { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
            default:
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            guard let zone = TimeZoneFile(bytes: bytes) else { continue }
            for instant in instants {
                _ = zone.offset(atSecondsSinceEpoch: instant)
            }
        }
    }
}
