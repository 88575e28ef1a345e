/// The five counts as plain numbers, in `Emotion.allCases` order: what a tally holds, without the
/// array `Tally` keeps them in, for code that must make no collection (`QuickCounts`).
package struct FiveCounts: Equatable, Sendable {
    /// The count of `.happy`.
    package var happy: Int64
    /// The count of `.smile`.
    package var smile: Int64
    /// The count of `.neutral`.
    package var neutral: Int64
    /// The count of `.upset`.
    package var upset: Int64
    /// The count of `.sad`.
    package var sad: Int64

    /// These counts.
    package init(happy: Int64, smile: Int64, neutral: Int64, upset: Int64, sad: Int64) {
        self.happy = happy
        self.smile = smile
        self.neutral = neutral
        self.upset = upset
        self.sad = sad
    }

    /// The count of `emotion`.
    package subscript(emotion: Emotion) -> Int64 {
        get {
            switch emotion {
            case .happy: happy
            case .smile: smile
            case .neutral: neutral
            case .upset: upset
            case .sad: sad
            }
        }
        set {
            switch emotion {
            case .happy: happy = newValue
            case .smile: smile = newValue
            case .neutral: neutral = newValue
            case .upset: upset = newValue
            case .sad: sad = newValue
            }
        }
    }

    /// Their sum, or `nil` if it does not fit in 64 bits.
    package var total: Int64? {
        // Written out, not over an array: this type is for code that makes none.
        let (two, overflow1) = happy.addingReportingOverflow(smile)
        let (three, overflow2) = two.addingReportingOverflow(neutral)
        let (four, overflow3) = three.addingReportingOverflow(upset)
        let (five, overflow4) = four.addingReportingOverflow(sad)
        return overflow1 || overflow2 || overflow3 || overflow4 ? nil : five
    }
}
