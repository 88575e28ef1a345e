#if os(Linux)
import Foundation
import Testing
@testable import EmotionKit

/// Every zone file the system has, read here, gives the offsets the C library gives for it, asked in
/// child processes (`CLibraryOffsets`): from 1900 to 2100, at and either side of each transition,
/// and through 2090, where only each file's footer rule applies.
struct TimeZoneFileAgreementTests {
    /// The zone files under `/usr/share/zoneinfo`, but not `posix/` and `right/` (the same zones, and
    /// with leap seconds), nor its tables: those that begin `TZif`, by path.
    static let zoneFiles: [(path: String, bytes: [UInt8])] = {
        var files: [(path: String, bytes: [UInt8])] = []
        var folders = ["/usr/share/zoneinfo"]
        while let folder = folders.popLast() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let path = folder + "/" + name
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if folder != "/usr/share/zoneinfo" || (name != "posix" && name != "right") { folders.append(path) }
                } else if let data = FileManager.default.contents(atPath: path), data.starts(with: Data("TZif".utf8)) {
                    files.append((path, [UInt8](data)))
                }
            }
        }
        return files.sorted { $0.path < $1.path }
    }()

    /// How many parts the zones are checked in, side by side.
    static let parts = 8

    @Test func theSystemHasZoneFilesToCompare() {
        // CI's Linux has tzdata; without it the comparison below would prove nothing.
        #expect(Self.zoneFiles.count > 300, "no zone files under /usr/share/zoneinfo: install tzdata")
    }

    @Test(arguments: 0..<parts)
    func everyZoneFileGivesTheOffsetsTheCLibraryGives(part: Int) throws {
        let folder = try TemporaryFolder()
        var zones: [(path: String, file: TimeZoneFile)] = []
        for (path, bytes) in Self.zoneFiles.enumerated().filter({ $0.offset % Self.parts == part }).map(\.element) {
            let file = TimeZoneFile(bytes: bytes)
            #expect(file != nil, "\(path) is not read")
            if let file { zones.append((path, file)) }
        }
        let asked = zones.map { (tz: $0.path, instants: Self.instants(for: $0.file)) }
        let answers = try CLibraryOffsets.offsets(asked, in: folder)
        for (zone, (question, answer)) in zip(zones, zip(asked, answers)) {
            expect(answer.count, equals: question.instants.count, "date said too little for \(zone.path)")
            let wrong = zip(question.instants, answer).filter { zone.file.offset(atSecondsSinceEpoch: $0.0) != $0.1 }
            #expect(wrong.isEmpty, "\(zone.path) at \(wrong.prefix(3).map(\.0)): C library \(wrong.prefix(3).map(\.1))")
        }
    }

    /// 1900 to 2100 every 91 days and 37 s; each transition in those years, and a second either side;
    /// every week of 2090, and each change of offset then, and a second before.
    static func instants(for file: TimeZoneFile) -> [Int64] {
        let start: Int64 = -2_208_988_800
        let end: Int64 = 4_102_444_800
        var instants = Array(stride(from: start, to: end, by: 91 * 86_400 + 37))
        for transition in file.transitions where (start...end).contains(transition) {
            instants += [transition - 1, transition, transition + 1]
        }
        let year2090: Int64 = 3_786_825_600
        var previous = file.offset(atSecondsSinceEpoch: year2090)
        for day in stride(from: year2090, to: year2090 + 365 * 86_400, by: 86_400) {
            if (day - year2090) % (7 * 86_400) == 0 { instants.append(day) }
            let offset = file.offset(atSecondsSinceEpoch: day + 86_400)
            guard offset != previous else { continue }
            // The second the offset changes within the day.
            var low = day
            var high = day + 86_400
            while high - low > 1 {
                let middle = (low + high) / 2
                if file.offset(atSecondsSinceEpoch: middle) == previous { low = middle } else { high = middle }
            }
            instants += [high - 1, high]
            previous = offset
        }
        return instants
    }
}
#endif
