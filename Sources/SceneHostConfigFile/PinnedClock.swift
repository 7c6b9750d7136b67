/// `[host] clock`'s date-time as the instant `SceneClock` is pinned at.
enum PinnedClock {
    /// Milliseconds since 1970-01-01 00:00 UTC of a proleptic Gregorian date and time at a UTC
    /// offset (TOML has checked the fields' ranges).
    static func milliseconds(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, nanosecond: Int, offsetMinutes: Int
    ) -> Int64 {
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        return Int64(seconds) * 1000 + Int64(nanosecond / 1_000_000)
    }

    /// Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
