import EmotionKit
import Foundation
import Testing

/// This process's environment, read from `environ`.
@Suite struct ProcessEnvironmentTests {
    @Test func theProcessEnvironmentHoldsEveryEntryByteForByte() {
        setenv("EMOTIONS_SYSCALL_TEST", "caf\u{E9}=1", 1)
        defer { unsetenv("EMOTIONS_SYSCALL_TEST") }
        #expect(ProcessEnvironment.entryBytes().contains(Array("EMOTIONS_SYSCALL_TEST=caf\u{E9}=1".utf8)))
    }
}
