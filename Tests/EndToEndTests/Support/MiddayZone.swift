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
}
