@testable import EmotionKit
import Foundation
import Testing

@Suite struct JournalFileTests {
    /// Opens `bytes` written to a temporary file as a journal.
    func journal(_ bytes: [UInt8], in folder: TemporaryFolder) throws -> JournalFile {
        let path = folder.file("lines")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let file = try FileSystem.live.open(path, OpenFlags.readOnly, 0)
        return JournalFile(fileSystem: .live, file: file, size: Int64(bytes.count))
    }

    /// Lines of random lengths, some longer than a chunk's remainder so that chunks cut them, and a
    /// torn tail: read backwards from random ends down to random floors, they are what splitting gives.
    @Test(arguments: [3, 4])
    func readingBackwardsGivesEveryWholeLineLastFirstWhereverChunksCut(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let folder = try TemporaryFolder()
        var bytes: [UInt8] = []
        var starts: [Int] = []
        while bytes.count < 3 * JournalFile.chunkSize {
            starts.append(bytes.count)
            let length = generator.chance(0.05) ? Int.random(in: 2000...9000, using: &generator) : Int.random(in: 0...300, using: &generator)
            bytes += (0..<length).map { _ in UInt8.random(in: 32...126, using: &generator) } + [0x0A]
        }
        let torn = (0..<Int.random(in: 0...50, using: &generator)).map { _ in UInt8(ascii: "x") }
        let journal = try journal(bytes + torn, in: folder)
        defer { journal.close() }
        for _ in 0..<20 {
            let floorIndex = Int.random(in: 0..<starts.count, using: &generator)
            let floor = starts[floorIndex]
            let end = generator.chance(0.5) ? bytes.count + torn.count : starts[Int.random(in: floorIndex..<starts.count, using: &generator)]
            var expected: [(String, Int64)] = []
            for (index, start) in starts.enumerated() where start >= floor {
                let next = index + 1 < starts.count ? starts[index + 1] : bytes.count
                if next <= end { expected.append((String(decoding: bytes[start..<(next - 1)], as: UTF8.self), Int64(start))) }
            }
            var found: [(String, Int64)] = []
            try journal.forEachLineBackward(from: Int64(end), downTo: Int64(floor)) { line, start in
                found.append((String(decoding: line, as: UTF8.self), start))
                return true
            }
            expect(found.map(\.0), equals: expected.reversed().map(\.0), "floor \(floor), end \(end)")
            expect(found.map(\.1), equals: expected.reversed().map(\.1), "floor \(floor), end \(end)")
        }
    }

    @Test(arguments: [JournalEvent.lineLimit + 1, 3 * JournalFile.chunkSize + 5])
    func aLineLongerThanAnyEventIsHandedOverWhereItLiesWithoutItsBytesAndATornTailOfAnyLengthIsSkipped(length: Int) throws {
        // The review of issue 22: such a line, or a torn tail as long, was refused as a line as long as the bytes
        // read so far (65536, a chunk), before recovery could take it for a torn write.
        let folder = try TemporaryFolder()
        let long = [UInt8](repeating: 0, count: length)
        let bytes = Array("first\n".utf8) + long + [0x0A] + Array("last\n".utf8)
        let journal = try journal(bytes + long, in: folder)
        defer { journal.close() }
        let longLine = [6, Int64(6 + length + 1)]
        var lines: [String] = []
        var overLong: [[Int64]] = []
        try journal.forEachLineBackward(from: journal.size, downTo: 0, overLong: { start, end in
            overLong.append([start, end])
            return true
        }) { line, _ in
            lines.append(String(decoding: line, as: UTF8.self))
            return true
        }
        expect(lines, equals: ["last", "first"])
        expect(overLong, equals: [longLine])
        lines = []
        overLong = []
        let end = try journal.forEachLine(from: 0, to: journal.size, overLong: { start, end in
            overLong.append([start, end])
            return true
        }) { line, _ in
            lines.append(String(decoding: line, as: UTF8.self))
            return true
        }
        expect(lines, equals: ["first", "last"])
        expect(overLong, equals: [longLine])
        expect(end, equals: Int64(bytes.count))
        for read in [
            { try journal.forEachLineBackward(from: journal.size, downTo: 0) { _, _ in true } },
            { try journal.forEachLine(from: 0, to: journal.size) { _, _ in true } },
        ] as [() throws -> Void] {
            #expect {
                try read()
            } throws: { error in
                "\(error)".contains("it is \(length) bytes long")
            }
        }
    }
}
