import Foundation

/// A time zone in which it is about midday now, for end-to-end tests that mix the real clock with
/// days, weeks or months (`--today`, `yesterday`, `--at 2d`, `calendar`).
///
/// The binary reads the real clock and has no way to set it, so these tests move the zone instead: a
/// fixed-offset POSIX `TZ` (`<+03>-3` is UTC+3, as POSIX counts west as positive) in which the local
/// time is within half an hour of 12:00 when it is chosen. A test of a few minutes then crosses no
/// local midnight, so no Monday and no first of a month, whenever it runs. Choose it once per test
/// and give every run of that test the same value.
enum MiddayZone {
    /// The `TZ` value, from `<-12>12` to `<+12>-12`, in which `date` is between 11:30 and 12:30.
    static func tz(at date: Date = Date()) -> String {
        let minuteOfDay = Int(date.timeIntervalSince1970 / 60) % 1440
        // Hours to add to UTC to reach 12:00, rounded to the nearest whole hour: -12 to +12.
        let hours = Int(((Double(720 - minuteOfDay)) / 60).rounded())
        let name = (hours < 0 ? "-" : "+") + (abs(hours) < 10 ? "0" : "") + String(abs(hours))
        return "<\(name)>\(-hours)"
    }

    /// A zone as `tz(at:)` picks, but whose offset has seconds that the nearest whole minute rounds
    /// up, as New York's local mean time (−4:56:02) has: a wall clock stored with that minute would
    /// read later than it was given. `stored` is the offset the history keeps, `+03:00`.
    static func withSeconds(at date: Date = Date()) -> (tz: String, stored: String) {
        let name = tz(at: date)
        let hours = -(Int(name.drop { $0 != ">" }.dropFirst()) ?? 0)
        // West of UTC, 2 s more west rounds up to the hour; east, 29 s less east does.
        let east = hours <= 0 ? hours * 3600 - 2 : hours * 3600 - 29
        let west = -east
        let clock = "\(abs(west) / 3600):" + String(format: "%02d:%02d", abs(west) / 60 % 60, abs(west) % 60)
        let stored = (hours < 0 ? "-" : "+") + String(format: "%02d:00", abs(hours))
        return ("<LMT>" + (west < 0 ? "-" : "") + clock, stored)
    }
}
