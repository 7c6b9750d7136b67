import SceneSDK
import Testing
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostConfigFile

/// The `[host]` table: defaults when absent, every key read, and every bad value refused at start
/// with its location (never a quiet default).
@Suite("Config: [host] settings")
struct HostSettingsTests {
    private func parse(_ host: String) throws -> HostSettings {
        try ConfigLoader().parse(text: "initial = \"Home\"\n\(host)", file: "scenes.conf", baseDirectory: "/apps").host
    }

    private func message(_ host: String) -> String? {
        do {
            _ = try parse(host)
            return nil
        } catch {
            return ErrorMessage.render(error)
        }
    }

    @Test("absent, every limit takes its default")
    func defaults() throws {
        let settings = try parse("")
        #expect(settings.eventTimeout == .seconds(10))
        #expect(settings.workerMemory == 1024 << 20)
        #expect(settings.workers == nil)
        #expect(settings.restartsPerMinute == 10)
        #expect(settings.faultsPerSession == 3)
        #expect(settings.clock == nil && !settings.sceneClock.isPinned)
    }

    @Test(
        "clock pins the scenes' wall clock at an instant: UTC or any offset, fractions of a second to the millisecond")
    func clock() throws {
        // Checked against Python's datetime (timestamp() * 1000).
        #expect(try parse("[host]\nclock = 2026-01-01T09:00:00Z\n").clock == 1_767_258_000_000)
        #expect(try parse("[host]\nclock = 2026-01-01T10:00:00+01:00\n").clock == 1_767_258_000_000)
        #expect(try parse("[host]\nclock = 1969-12-31T23:59:59.5-00:00\n").clock == -500)
        #expect(try parse("[host]\nclock = 2000-02-29T12:34:56.789-05:30\n").clock == 951_847_496_789)
        let pinned = try parse("[host]\nclock = 1970-01-01T00:00:01Z\n").sceneClock
        #expect(pinned.isPinned && pinned.millisecondsSince1970 == 1000 && pinned.secondsSince1970 == 1)
        #expect(
            message("[host]\nclock = 2026-01-01T09:00:00\n")
                == "scenes.conf:3:9: error: 'clock' is \"2026-01-01T09:00:00\"; expected a date-time with its offset, "
                + "such as 2026-01-01T09:00:00Z or 2026-01-01T10:00:00+01:00 (a local date-time names no instant).")
        #expect(
            message("[host]\nclock = \"2026-01-01T09:00:00Z\"\n")
                == "scenes.conf:3:9: error: 'clock' must be a date-time with its offset, such as 2026-01-01T09:00:00Z, "
                + "not a string.")
        #expect(
            message("[host]\nclock = 2026-01-01\n")
                == "scenes.conf:3:9: error: 'clock' must be a date-time with its offset, such as 2026-01-01T09:00:00Z, "
                + "not a date.")
    }

    @Test("every key is read, seconds as an integer or a fraction")
    func everyKey() throws {
        let settings = try parse(
            "[host]\nevent-timeout = 2.5\nworker-memory = 512\nworkers = 3\nrestarts-per-minute = 20\nfaults-per-session = 7\n"
        )
        #expect(settings.eventTimeout == .milliseconds(2500))
        #expect(settings.workerMemory == 512 << 20)
        #expect(settings.workers == 3)
        #expect(settings.restartsPerMinute == 20)
        #expect(settings.faultsPerSession == 7)
        #expect(try parse("[host]\nevent-timeout = 3\n").eventTimeout == .seconds(3))
    }

    @Test("a misspelt key, a wrong type or a value out of range stops the host, located, with what to write")
    func refused() {
        #expect(
            message("[host]\nevent-timout = 3\n")
                == "scenes.conf:3:1: error: unknown key 'event-timout' in [host]. Did you mean 'event-timeout'? Allowed keys: event-timeout, worker-memory, workers, restarts-per-minute, faults-per-session, worker-user, clock."
        )
        #expect(
            message("[host]\nfaults-per-sesion = 3\n")
                == "scenes.conf:3:1: error: unknown key 'faults-per-sesion' in [host]. Did you mean 'faults-per-session'? Allowed keys: event-timeout, worker-memory, workers, restarts-per-minute, faults-per-session, worker-user, clock."
        )
        #expect(
            message("[host]\nfaults-per-session = 0\n")
                == "scenes.conf:3:22: error: 'faults-per-session' is \"0\"; expected an integer from 1 to 1000 faults (default 3)."
        )
        #expect(
            message("[host]\nrestarts-per-minute = 1001\n")
                == "scenes.conf:3:23: error: 'restarts-per-minute' is \"1001\"; expected an integer from 1 to 1000 restarts (default 10)."
        )
        #expect(
            message("[host]\nworkers = \"two\"\n")
                == "scenes.conf:3:11: error: 'workers' must be an integer, not a string.")
        #expect(
            message("[host]\nworkers = 0\n")
                == "scenes.conf:3:11: error: 'workers' is \"0\"; expected an integer from 1 to 64 workers (default one per core)."
        )
        #expect(
            message("[host]\nworker-memory = 10\n")
                == "scenes.conf:3:17: error: 'worker-memory' is \"10\"; expected an integer from 64 to 1048576 MiB (default 1024)."
        )
        #expect(
            message("[host]\nevent-timeout = nan\n")
                == "scenes.conf:3:17: error: 'event-timeout' is \"nan\"; expected a number of seconds from 0.05 to 3600 (default 10)."
        )
        #expect(
            message("[host]\nevent-timeout = \"10s\"\n")
                == "scenes.conf:3:17: error: 'event-timeout' must be a number of seconds, not a string.")
        #expect(message("host = 3\n") == "scenes.conf:2:8: error: 'host' must be a table ([host]), not an integer.")
    }
}
