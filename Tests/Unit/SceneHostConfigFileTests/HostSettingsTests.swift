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
                == "scenes.conf:3:1: error: unknown key 'event-timout' in [host]. Did you mean 'event-timeout'? Allowed keys: event-timeout, worker-memory, workers, restarts-per-minute, faults-per-session, worker-user."
        )
        #expect(
            message("[host]\nfaults-per-sesion = 3\n")
                == "scenes.conf:3:1: error: unknown key 'faults-per-sesion' in [host]. Did you mean 'faults-per-session'? Allowed keys: event-timeout, worker-memory, workers, restarts-per-minute, faults-per-session, worker-user."
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
