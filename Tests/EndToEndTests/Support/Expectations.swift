import Testing

/// Expects a run that succeeded, printed `stdout` and nothing on standard error.
func expectSuccess(
    _ outcome: Outcome, stdout: String, stderr: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(outcome.status == 0, "\(outcome)", sourceLocation: sourceLocation)
    #expect(outcome.stdout == stdout, "\(outcome)", sourceLocation: sourceLocation)
    #expect(outcome.stderr == stderr, "\(outcome)", sourceLocation: sourceLocation)
}

/// Expects a run that failed with `status`: nothing on standard output, an `Error: ` message on standard error.
func expectFailure(
    _ outcome: Outcome, status: Int32, mentioning fragments: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(outcome.status == status, "\(outcome)", sourceLocation: sourceLocation)
    #expect(outcome.stdout == "", "\(outcome)", sourceLocation: sourceLocation)
    #expect(outcome.stderr.hasPrefix("Error: "), "\(outcome)", sourceLocation: sourceLocation)
    #expect(outcome.stderr.hasSuffix("\n"), "\(outcome)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(outcome.stderr.contains(fragment), "\(outcome)", sourceLocation: sourceLocation)
    }
}

/// Expects a usage error (64) of `command` (such as `emotions tap`): the message, which starts with
/// `message`, then the command's usage line, then a pointer to its help.
func expectUsageError(
    _ outcome: Outcome, command: String, message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectFailure(outcome, status: 64, sourceLocation: sourceLocation)
    let lines = outcome.stderrLines
    #expect(lines.count == 3, "\(outcome)", sourceLocation: sourceLocation)
    guard lines.count == 3 else { return }
    #expect(lines[0].hasPrefix("Error: \(message)"), "\(outcome)", sourceLocation: sourceLocation)
    #expect(lines[1].hasPrefix("Usage: \(command) "), "\(outcome)", sourceLocation: sourceLocation)
    #expect(lines[2] == "  See '\(command) --help' for more information.", "\(outcome)", sourceLocation: sourceLocation)
}
