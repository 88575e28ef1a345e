import EmotionKit
import Testing

/// How a fuzz run's inputs fared: how many were accepted, and why the others were refused.
///
/// A run that only ever tried one kind of input would prove little while passing, so a test ends
/// by checking the mix: a good share accepted, a good share refused, and each way of being refused seen.
struct FuzzOutcomes {
    /// The fewest inputs from which the mix is judged; a default run has more.
    static let fewestToJudge = 1_000
    /// The fewest inputs that are expected to meet every kind of refusal, the rare ones included.
    static let fewestToSeeEveryKind = 10_000
    /// Refusals too rare to expect in a short run: past the size limit, a version below 1, a total past `Int.max`.
    static let rareKinds: Set = ["tooLarge", "unknownVersion", "totalTooLarge"]
    /// Every way a file's contents can be refused, JSON syntax errors told apart by words of their reason.
    static let kinds = [
        "tooLarge", "notAnObject", "versionNotAnInteger", "newerVersion", "unknownVersion", "countsNotAnObject",
        "countNotANumber", "countNotAnInteger", "negativeCount", "totalTooLarge", "invalidJSON: byte order mark",
        "invalidJSON: nest deeper", "invalidJSON: appears twice", "invalidJSON: not valid UTF-8",
        "invalidJSON: raw control character", "invalidJSON: surrogate pair", "invalidJSON: other",
    ]

    /// How many inputs were accepted.
    private(set) var accepted = 0
    /// How many were refused, by kind.
    private(set) var refusals: [String: Int] = [:]

    /// All inputs counted so far.
    var total: Int { accepted + refusals.values.reduce(0, +) }

    /// Counts an accepted input.
    mutating func recordAccepted() {
        accepted += 1
    }

    /// Counts an input refused for `problem`.
    mutating func record(_ problem: DataFileProblem) {
        refusals[FuzzOutcomes.kind(of: problem), default: 0] += 1
    }

    /// Records an issue unless between 10% and 60% of the inputs were accepted and every kind of
    /// refusal was met, the rare ones only in a long run; says nothing for fewer than `fewestToJudge` inputs.
    func expectAHealthyMix(of plan: FuzzPlan, sourceLocation: SourceLocation = #_sourceLocation) {
        guard total >= FuzzOutcomes.fewestToJudge else { return }
        #expect(accepted * 10 >= total, "too few inputs accepted; \(summary(plan))", sourceLocation: sourceLocation)
        #expect(accepted * 10 <= total * 6, "too few inputs refused; \(summary(plan))", sourceLocation: sourceLocation)
        for kind in FuzzOutcomes.kinds
        where total >= FuzzOutcomes.fewestToSeeEveryKind || !FuzzOutcomes.rareKinds.contains(kind) {
            #expect(
                refusals[kind, default: 0] > 0, "no input refused as \(kind); \(summary(plan))",
                sourceLocation: sourceLocation)
        }
    }

    /// `seed 1, 20000 iterations: 5000 of 20000 accepted; refused: invalidJSON: other 9000, …`.
    func summary(_ plan: FuzzPlan) -> String {
        let refused = refusals.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(plan): \(accepted) of \(total) accepted; refused: \(refused)"
    }

    private static func kind(of problem: DataFileProblem) -> String {
        switch problem {
        case .notARegularFile: "notARegularFile"
        case .tooLarge: "tooLarge"
        case let .invalidJSON(error): "invalidJSON: " + (jsonCauses.first { error.reason.contains($0) } ?? "other")
        case .notAnObject: "notAnObject"
        case .versionNotAnInteger: "versionNotAnInteger"
        case .newerVersion: "newerVersion"
        case .unknownVersion: "unknownVersion"
        case .countsNotAnObject: "countsNotAnObject"
        case .countNotANumber: "countNotANumber"
        case .countNotAnInteger: "countNotAnInteger"
        case .negativeCount: "negativeCount"
        case .totalTooLarge: "totalTooLarge"
        case .badJournalPosition: "badJournalPosition"
        case .badSync: "badSync"
        }
    }

    /// The words after `invalidJSON: ` in `kinds`, but for "other".
    private static let jsonCauses = kinds.filter { $0.hasPrefix("invalidJSON: ") && $0 != "invalidJSON: other" }
        .map { String($0.dropFirst("invalidJSON: ".count)) }
}
