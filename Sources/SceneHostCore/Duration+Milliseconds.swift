extension Duration {
    /// The duration in whole milliseconds, rounded down (limits are written and printed in them).
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating), for timers that take nanoseconds.
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        return scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
