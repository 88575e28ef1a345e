/// A day of the week, as a TIME names it: `monday` or `mon`, in any case.
package enum Weekday: Int, CaseIterable, Hashable, Sendable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday

    /// The weekday `name` or its first three letters (`Monday`, `mon`) name, or `nil`.
    package init?(name: String) {
        let lowered = name.lowercased()
        guard let found = Self.allCases.first(where: { $0.name == lowered || $0.shortName == lowered }) else {
            return nil
        }
        self = found
    }

    /// `monday`.
    package var name: String { String(describing: self) }

    /// `mon`.
    package var shortName: String { String(name.prefix(3)) }
}
