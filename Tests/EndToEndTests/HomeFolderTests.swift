import Foundation
import Testing

/// Where the data file goes when HOME says nothing: the user's line of /etc/passwd, read by hand.
@Suite struct HomeFolderTests {
    @Test(.enabled(if: Sandbox.testsRunAsRoot, "running as a user missing from /etc/passwd needs setpriv as root"))
    func aUserMissingFromPasswdWithoutHomeGets73NotACrash() async throws {
        let sandbox = try Sandbox()
        // As in a container run with an arbitrary uid: getpwuid's NSS modules crashed the static binary (139).
        for home in [nil, ""] as [String?] {
            var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
            environment["HOME"] = home
            let outcome = try await Emotions.run(
                ["--reuid=4321", "--regid=4321", "--clear-groups", try Emotions.binary().path, "tap", "happy"],
                environment: environment, directory: sandbox.home, captureFolder: sandbox.capture,
                executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
            expectFailure(outcome, status: 73, mentioning: ["HOME is not set and there is no home folder", "EMOTIONS_FILE"])
        }
        expect(sandbox.contentsOfHome(), equals: [])
    }
}
