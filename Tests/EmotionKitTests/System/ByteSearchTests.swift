@testable import EmotionKit
import Testing

/// `ByteSearch`, the word- and vector-wide scans over a journal's bytes, against a byte-at-a-time loop.
@Suite struct ByteSearchTests {
    @Test func theLastNonZeroByteIsFoundWhereverItLiesAndNoneInZerosAlone() {
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 64, 100] {
            expect(Array(repeating: UInt8(0), count: count).withUnsafeBufferPointer(ByteSearch.lastNonZeroIndex), equals: nil)
            for position in 0..<count {
                var bytes = [UInt8](repeating: 0, count: count)
                bytes[position] = position.isMultiple(of: 2) ? 0x80 : 1
                if position > 2 { bytes[position - 3] = 7 }
                #expect(bytes.withUnsafeBufferPointer(ByteSearch.lastNonZeroIndex) == position, "\(count) bytes, \(position)")
            }
        }
    }

    @Test func theLastLineBreakBeforeAnEndIsFoundAsAByteAtATimeLoopFindsIt() {
        let bytes = Array("ab\ncd\n\nefghijklmnopqrstuvwxyz\nz".utf8)
        for end in 0...bytes.count {
            let expected = bytes[..<end].lastIndex(of: 0x0A)
            expect(bytes.withUnsafeBufferPointer { ByteSearch.lastIndex(of: 0x0A, in: $0, before: end) }, equals: expected)
        }
    }

    @Test func theFirstLineBreakOfAnySliceIsFoundAtTheIndexAByteAtATimeLoopFinds() {
        let bytes = Array("ab\ncd\n\nefghijklmnopqrstuvwxyz\nz".utf8)
        for start in 0...bytes.count {
            for end in start...bytes.count {
                let slice = bytes[start..<end]
                expect(ByteSearch.firstIndex(of: 0x0A, in: slice), equals: slice.firstIndex(of: 0x0A), "\(start)..<\(end)")
            }
        }
        expect(ByteSearch.firstIndex(of: 0x0A, in: [UInt8](repeating: 0, count: 1 << 20)[...]), equals: nil)
    }
}
