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

    /// `monday`. A switch, not `String(describing:)`, which reads the type's metadata: parsing any
    /// TIME asks every weekday its name.
    package var name: String {
        switch self {
        case .sunday: "sunday"
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        }
    }

    /// `mon`.
    package var shortName: String { String(name.prefix(3)) }
}
