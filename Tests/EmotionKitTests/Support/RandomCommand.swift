@testable import EmotionKit

/// One command of a random history, as the views' property tests make them: a tap (of one emotion
/// or two), an add of -3 to 4, a reset, an undo or a redo; taps and adds sometimes placed up to
/// `backdating` milliseconds in the past. Refusals (a count below zero, nothing to undo or redo)
/// are what the command line would say, and leave the history as it was.
enum RandomCommand {
    static func run(on store: TallyStore, now: Instant, backdating: ClosedRange<Int64>, using generator: inout SeededGenerator) throws {
        let emotion = generator.pick(Emotion.allCases)
        let placement = generator.chance(0.15)
            ? Instant(millisecondsSinceEpoch: now.millisecondsSinceEpoch - Int64.random(in: backdating, using: &generator))
            : nil
        do {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<45: try store.apply([.tap(emotion)], note: nil, placedAt: placement)
            case 45..<55: try store.apply([.tap(emotion), .tap(generator.pick(Emotion.allCases))], note: nil, placedAt: placement)
            case 55..<70: try store.apply([.add(Int.random(in: -3...4, using: &generator), to: emotion)], note: nil, placedAt: placement)
            case 70..<75: try store.apply([.reset(emotion)], note: nil)
            case 75..<90: _ = try store.undo()
            default: _ = try store.redo()
            }
        } catch is TallyError {  // Below zero: refused.
        } catch is HistoryError {  // Nothing to undo or redo.
        }
    }
}
