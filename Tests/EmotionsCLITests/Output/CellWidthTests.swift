@testable import EmotionsCLI
import Testing

@Suite struct CellWidthTests {
    @Test(arguments: [
        ("", 0), ("happy", 5), ("   total  10  ", 14), ("3 → 4", 5), ("█████▌", 6), ("▏▎▍▌▋▊▉", 7), ("100.0%", 6),
    ])
    func asciiArrowsAndBlocksTakeOneCellEach(text: String, width: Int) {
        expect(CellWidth.of(text), equals: width)
    }

    @Test(arguments: [("😄", 2), ("🙂", 2), ("😐", 2), ("😕", 2), ("😢", 2), ("😄 happy", 8)])
    func theEmojiTakeTwoCells(text: String, width: Int) {
        expect(CellWidth.of(text), equals: width)
    }

    @Test(arguments: [
        ("완전행복", 8), ("적당미소", 8), ("그냥그냥", 8), ("좀속상한", 8), ("많이슬픈", 8), ("합계", 4),
        ("日本語", 6), ("ｈａｐｐｙ", 10), ("ㅋㅋ", 4),
    ])
    func hangulAndOtherEastAsianWideCharactersTakeTwoCells(text: String, width: Int) {
        expect(CellWidth.of(text), equals: width)
    }

    @Test func decomposedHangulTakesTwoCellsPerSyllable() {
        // 완 as initial, medial and final jamo: the medial and final ones join the initial's two cells.
        expect(CellWidth.of("\u{110B}\u{116A}\u{11AB}"), equals: 2)
    }

    @Test func combiningMarksVariationSelectorsAndJoinersTakeNone() {
        expect(CellWidth.of("e\u{301}"), equals: 1)
        expect(CellWidth.of("\u{FE0F}\u{200D}\u{200B}"), equals: 0)
    }

    @Test func escapeSequencesTakeNoCells() {
        expect(CellWidth.of("\u{1B}[33mhappy\u{1B}[0m"), equals: 5)
        expect(CellWidth.of("\u{1B}[1;38;5;208m완전행복\u{1B}[0m: 3 → 4"), equals: 15)
        expect(CellWidth.of("\u{1B}7x"), equals: 1)
    }

    @Test func controlCharactersTakeNone() {
        expect(CellWidth.of("\t\u{7F}\u{85}"), equals: 0)
    }
}
