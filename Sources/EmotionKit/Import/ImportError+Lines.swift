extension ImportError {
    /// The same refusal, naming the line `line(n)` where it names line `n`: for an export made from
    /// another file (`DaylioExport`), whose user knows the lines of that file, not of the export.
    package func renumbered(_ line: (Int) -> Int) -> ImportError {
        switch self {
        case let .badLine(number, error): .badLine(line: line(number), error)
        case let .csvExport(number): .csvExport(line: line(number))
        case let .duplicateID(number, id, firstLine): .duplicateID(line: line(number), id: id, firstLine: line(firstLine))
        case let .missingFirstChange(number, group): .missingFirstChange(line: line(number), group: group)
        case let .commandIncomplete(number, expected, found): .commandIncomplete(line: line(number), expected: expected, found: found)
        case let .unlikeItsCommand(number, key, firstLine): .unlikeItsCommand(line: line(number), key: key, firstLine: line(firstLine))
        case let .unknownReverts(number, reverts): .unknownReverts(line: line(number), reverts: reverts)
        case let .revertsNoChange(number, reverts): .revertsNoChange(line: line(number), reverts: reverts)
        case let .unlikeHistory(number, id): .unlikeHistory(line: line(number), id: id)
        case let .unkeepable(number, reason): .unkeepable(line: line(number), reason: reason)
        case let .tooManyHistories(number, limit): .tooManyHistories(line: line(number), limit: limit)
        case let .timeNotKept(number, key, time, outside): .timeNotKept(line: line(number), key: key, time: time, outside)
        case let .recordedAhead(number, key, time, now): .recordedAhead(line: line(number), key: key, time: time, now: now)
        }
    }
}
