extension Change {
    /// The change as one JSON object, `{"emotion": "happy", "old": 3, "new": 4}`, then `extra` members
    /// in order: the one JSON form of a change, which `--json` lines and a hook's standard input share.
    ///
    /// The members are listed, not read from a `Dictionary`: their order is part of what scripts see,
    /// and the first hashed collection keyed by `String` costs a tap a search of the runtime's tables.
    package func json(adding extra: [(key: String, value: JSONValue)] = []) -> JSONValue {
        .object([("emotion", .string(emotion.name)), ("old", .integer(old)), ("new", .integer(new))] + extra)
    }
}
