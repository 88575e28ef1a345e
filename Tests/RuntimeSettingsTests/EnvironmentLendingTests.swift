import CRuntimeSettings
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The choice of the environment's entry that the executable's constructor lends to `SWIFT_BACKTRACE`
/// until `main`: never one that start-up code reads, never when the user set the setting.
@Suite struct EnvironmentLendingTests {
    /// Lends an entry of `entries` to a setting: the entries afterwards, the index lent and the entry it held.
    private func lend(_ entries: [String]) -> (after: [String], index: Int?, previous: String?) {
        var environment: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
        let setting = strdup("SWIFT_BACKTRACE=enable=no")
        defer {
            environment.forEach { free($0) }
            free(setting)
        }
        var previous: UnsafeMutablePointer<CChar>?
        let lent = environment.withUnsafeMutableBufferPointer { buffer in
            emotions_lendEnvironmentEntry(buffer.baseAddress, setting, &previous).map { $0 - buffer.baseAddress! }
        }
        // The slot holds the setting now; the old entry is still the caller's (`previous`), not freed here.
        let after = environment.dropLast().map { pointer in pointer == setting ? "SWIFT_BACKTRACE=enable=no" : String(cString: pointer!) }
        let previousText = previous.map { String(cString: $0) }
        if let lent { environment[lent] = previous }
        return (after, lent, previousText)
    }

    @Test func theFirstEntryNothingReadsBeforeMainIsLentAndItsValueKept() {
        let result = lend(["SWIFT_DETERMINISTIC_HASHING=1", "GLIBC_TUNABLES=glibc.malloc.check=3", "HOME=/home/a", "PATH=/bin"])
        #expect(result.index == 2)
        #expect(result.previous == "HOME=/home/a")
        #expect(result.after == ["SWIFT_DETERMINISTIC_HASHING=1", "GLIBC_TUNABLES=glibc.malloc.check=3", "SWIFT_BACKTRACE=enable=no", "PATH=/bin"])
    }

    @Test func aSwiftBacktraceTheUserSetIsObeyedAndNothingIsLent() {
        let result = lend(["HOME=/home/a", "SWIFT_BACKTRACE=enable=yes"])
        #expect(result.index == nil)
        #expect(result.previous == nil)
        #expect(result.after == ["HOME=/home/a", "SWIFT_BACKTRACE=enable=yes"])
    }

    @Test func nothingIsLentFromAnEnvironmentThatStartUpReadsWholeOrThatIsEmpty() {
        #expect(lend(["SWIFT_X=1", "GLIBCXX_TUNABLES=a", "LD_LIBRARY_PATH=/l", "MALLOC_CHECK_=3"]).index == nil)
        #expect(lend([]).index == nil)
        #expect(emotions_lendEnvironmentEntry(nil, nil, nil) == nil)
    }

    @Test func whatStartUpCodeReadsIsRecognizedByItsPrefixOnly() {
        for entry in ["SWIFT_BACKTRACE=x", "SWIFT_=", "GLIBCXX_TUNABLES=x", "GLIBC_TUNABLES=x", "LD_PRELOAD=x", "MALLOC_ARENA_MAX=1"] {
            #expect(emotions_isReadBeforeMain(entry) == 1, "\(entry)")
        }
        for entry in ["HOME=/h", "A_SWIFT_X=1", "swift_backtrace=1", "XSWIFT_=1", ""] {
            #expect(emotions_isReadBeforeMain(entry) == 0, "\(entry)")
        }
    }
}
