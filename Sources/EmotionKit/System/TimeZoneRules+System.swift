extension TimeZoneRules {
    /// The process's time zone: `TZ` as the C library reads it (the system's zone when `TZ` is
    /// unset), read once. Outside what the C library can say, and where `TZ` names something it
    /// may not read (`SystemTime.timeZoneProblem`), UTC.
    package static let system: TimeZoneRules = {
        SystemTime.readTimeZone()
        return TimeZoneRules { instant in
            SystemTime.localTime(atSecondsSinceEpoch: instant.secondsSinceEpoch)?.offsetSeconds ?? 0
        }
    }()
}

extension Instant {
    /// The instant the real-time clock says it is now; it may jump, backwards too (NTP, a laptop's
    /// battery), so nothing should rely on it for order.
    package static var now: Instant {
        Instant(millisecondsSinceEpoch: SystemTime.realTimeMilliseconds())
    }
}
