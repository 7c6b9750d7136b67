import SceneHostConfig
import SceneHostCore
import TOMLKit

/// Reading the `[host]` table of `scenes.conf` (`HostSettings`) from its TOML.
extension HostSettings {
    /// Reads `[host]` from `root`; absent, the defaults.
    package static func parse(_ root: TOMLTable, document: LocatedDocument) throws -> HostSettings {
        var settings = HostSettings()
        guard let value = root["host"] else { return settings }
        guard let table = value.table else {
            throw document.wrongType("host", in: "", expected: "a table ([host])", found: value)
        }
        try document.rejectUnknownKeys(in: table, table: "host", allowed: keys)
        settings.location = document.tableLocation("host")
        if let raw = table["event-timeout"] {
            let seconds: Double
            if let integer = raw.int {
                seconds = Double(integer)
            } else if let double = raw.double {
                seconds = double
            } else {
                throw document.wrongType("event-timeout", in: "host", expected: "a number of seconds", found: raw)
            }
            // NaN fails both comparisons: every value that is not a sane limit is refused.
            guard seconds >= 0.05, seconds <= 3600 else {
                throw ConfigError.configInvalidValue(
                    document.valueLocation("event-timeout", in: "host"), key: "event-timeout",
                    value: "\(seconds)", expected: "a number of seconds from 0.05 to 3600 (default 10)")
            }
            settings.eventTimeout = .milliseconds(Int64((seconds * 1000).rounded()))
        }
        if let megabytes = try integer(
            "worker-memory", in: table, document: document, range: 64...(1 << 20), unit: "MiB", defaultText: "1024")
        {
            settings.workerMemory = megabytes << 20
        }
        settings.workers = try integer(
            "workers", in: table, document: document, range: 1...64, unit: "workers", defaultText: "one per core")
        if let restarts = try integer(
            "restarts-per-minute", in: table, document: document, range: 1...1000, unit: "restarts", defaultText: "10")
        {
            settings.restartsPerMinute = restarts
        }
        if let faults = try integer(
            "faults-per-session", in: table, document: document, range: 1...1000, unit: "faults", defaultText: "3")
        {
            settings.faultsPerSession = faults
        }
        if let raw = table["worker-user"] {
            guard let name = raw.string else {
                throw document.wrongType("worker-user", in: "host", expected: "a user's name", found: raw)
            }
            settings.workerUser = try WorkerUser.resolve(name, at: document.valueLocation("worker-user", in: "host"))
        }
        if let raw = table["clock"] {
            // An offset date-time only: a local one names no instant, so it would depend on the machine's zone.
            guard let dateTime = raw.dateTime else {
                throw document.wrongType(
                    "clock", in: "host", expected: "a date-time with its offset, such as 2026-01-01T09:00:00Z",
                    found: raw)
            }
            guard let offset = dateTime.offset else {
                throw ConfigError.configInvalidValue(
                    document.valueLocation("clock", in: "host"), key: "clock", value: Self.localText(dateTime),
                    expected: "a date-time with its offset, such as 2026-01-01T09:00:00Z or 2026-01-01T10:00:00+01:00 "
                        + "(a local date-time names no instant)")
            }
            settings.clock = PinnedClock.milliseconds(
                year: dateTime.date.year, month: dateTime.date.month, day: dateTime.date.day,
                hour: dateTime.time.hour, minute: dateTime.time.minute, second: dateTime.time.second,
                nanosecond: dateTime.time.nanoSecond, offsetMinutes: offset.offset)
        }
        return settings
    }

    /// A local date-time as it was written, without the offset TOMLKit's description adds.
    private static func localText(_ dateTime: TOMLDateTime) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = dateTime.date, time = dateTime.time
        return
            "\(date.year)-\(two(date.month))-\(two(date.day))T\(two(time.hour)):\(two(time.minute)):\(two(time.second))"
    }

    private static func integer(
        _ key: String, in table: TOMLTable, document: LocatedDocument, range: ClosedRange<Int>,
        unit: String, defaultText: String
    ) throws -> Int? {
        guard let raw = table[key] else { return nil }
        guard let value = raw.int else { throw document.wrongType(key, in: "host", expected: "an integer", found: raw) }
        guard range.contains(value) else {
            throw ConfigError.configInvalidValue(
                document.valueLocation(key, in: "host"), key: key, value: "\(value)",
                expected: "an integer from \(range.lowerBound) to \(range.upperBound) \(unit) (default \(defaultText))")
        }
        return value
    }
}
