import Foundation
import Testing
import TestSupport

/// `run` and `call` with plugin code in a scene worker: a scene that crashes, hangs or writes
/// garbage, and a native function that faults, end only the worker; the host reports it, builds
/// the session again from its records and goes on with the next command. Exit 1 at the end,
/// never a signal status.
@Suite("Scene workers: run and call (end to end)")
struct SceneWorkerRunTests {
    /// The event time limit of the tests that wait for it to end a hung scene or call, in whole
    /// seconds: 0.5 s on a quiet machine, scaled (`Slack`), because every other event of the run
    /// (building a scene, restarting the worker, each step of restoring a session) has it too.
    static let eventTimeout = Slack.scaled(.milliseconds(500)).components.seconds

    /// Pushes a scene, makes it fault by `mode`, then goes on: the screen was rebuilt with its
    /// field, and a later command hands a result back as if nothing had happened.
    @Test(
        "a crash of any kind ends only the worker; the script goes on with the screen restored",
        arguments: [
            ("segv", "SIGSEGV"), ("trap", "SIGILL"), ("abort", "SIGABRT"), ("exit", "exit status 3"),
            ("garbage", "a message too large for its channel (2147483647 bytes; limit 67108864)"),
            ("forge", "garbage on its channel"), ("steps", "garbage on its channel"),
        ])
    func crashRestored(mode: String, fault: String) throws {
        let app = try FragileApp()
        let result = try app.run("tap deeper\nfill mode \(mode)\ntap strike\nfill mode ok\ntap done\n")
        #expect(
            !result.signaled && result.status == 1,
            "status \(result.status), signaled \(result.signaled)\n\(result.stderr)")
        let blocks = FragileApp.blocks(result.stdout)
        #expect(blocks.count == 6)
        guard blocks.count == 6 else { return }
        #expect(
            blocks[3].hasPrefix(
                "tap strike\n<stdin>:3: error: Fragile stopped (\(fault) in scene 'Fragile' during 'tap strike'); the screen was restored.\n== Fragile 1 ==  (FragileHome › Fragile)\n"
            ),
            "\(blocks[3])")
        #expect(blocks[3].contains("field   mode      \"\(mode)\""))
        #expect(
            blocks[5].contains("== FragileHome ==  (FragileHome)") && blocks[5].contains("label   received  got ok"))
    }

    @Test("a worker over its memory limit ends alone, and the session is restored")
    func memoryLimit() throws {
        let app = try FragileApp(host: "worker-memory = 256")
        let result = try app.run("tap deeper\nfill mode memory\ntap strike\nprint\n")
        #expect(!result.signaled && result.status == 1)
        let blocks = FragileApp.blocks(result.stdout)
        #expect(
            blocks.count == 5 && blocks[3].contains("error: Fragile stopped (")
                && blocks[3].contains("the screen was restored."), "\(result.stdout)")
        #expect(blocks.last?.contains("== Fragile 1 ==  (FragileHome › Fragile)") == true)
    }

    @Test("a scene that never answers is ended at the event time limit; the next command runs")
    func hang() throws {
        let app = try FragileApp(host: "event-timeout = \(Self.eventTimeout)")
        let started = ContinuousClock.now
        let result = try app.run(
            "tap deeper\nfill mode hang\ntap strike\nfill mode go\ntap done\n", timeLimit: .seconds(120))
        // The hang is waited for once (the event time limit), the rest with room for a busy machine.
        #expect(ContinuousClock.now - started < .seconds(Self.eventTimeout) + Slack.scaled(.seconds(3)))
        #expect(!result.signaled && result.status == 1)
        let blocks = FragileApp.blocks(result.stdout)
        #expect(blocks.count == 6)
        guard blocks.count == 6 else { return }
        #expect(
            blocks[3].hasPrefix(
                "tap strike\n<stdin>:3: error: Fragile stopped (no answer within \(Self.eventTimeout) s in scene 'Fragile' during 'tap strike'); the screen was restored."
            ))
        #expect(blocks[5].contains("label   received  got go"))
    }

    @Test("a crash in a result handler leaves the stack as it was before the back")
    func resultHandler() throws {
        let app = try FragileApp()
        let result = try app.run("tap deeper\nfill mode crash\ntap done\nfill mode fine\ntap done\n")
        let blocks = FragileApp.blocks(result.stdout)
        #expect(blocks.count == 6 && result.status == 1)
        guard blocks.count == 6 else { return }
        #expect(
            blocks[3].hasPrefix(
                "tap done\n<stdin>:3: error: Fragile stopped (SIGSEGV in scene 'Fragile' during 'tap done'); the screen was restored.\n== Fragile 1 ==  (FragileHome › Fragile)"
            ))
        #expect(blocks[5].contains("== FragileHome ==") && blocks[5].contains("got fine"))
    }

    @Test("a scene that crashes again while it is rebuilt is cut off with the scenes above it")
    func crashWhileRestoring() throws {
        let app = try FragileApp()
        let result = try app.run(
            "tap deeper\nfill mode kept\ntap deeper\nfill mode arm\ntap strike\ntap deeper\nfill mode segv\ntap strike\nprint\n"
        )
        #expect(!result.signaled && result.status == 1)
        let blocks = FragileApp.blocks(result.stdout)
        #expect(blocks.count == 10)
        guard blocks.count == 10 else { return }
        #expect(
            blocks[8].hasPrefix(
                "tap strike\n<stdin>:8: error: Fragile stopped (SIGSEGV in scene 'Fragile' during 'tap strike'); the stack was restored below 'Fragile', which could not be built again: building it again ended the new worker too (SIGSEGV)\n== Fragile 1 ==  (FragileHome › Fragile)"
            ),
            "\(blocks[8])")
        #expect(blocks[9].contains("field   mode      \"kept\""))
    }

    @Test(
        "run: a plugin that keeps ending its worker is never refused (one user); restarts past restarts-per-minute wait, and every screen comes back"
    )
    func neverRefusedInRun() throws {
        // The event time limit (0.4 s on a quiet machine, scaled) also bounds the waits between restarts (at most half of it).
        let app = try FragileApp(
            host: "restarts-per-minute = 2\nevent-timeout = \(Slack.scaled(.milliseconds(400)).components.seconds)")
        let result = try app.run(
            "fill mode segv\n" + String(repeating: "tap strike\n", count: 6) + "fill mode fine\ntap deeper\n")
        #expect(!result.signaled && result.status == 1)
        let blocks = FragileApp.blocks(result.stdout)
        #expect(blocks.count == 10)
        guard blocks.count == 10 else { return }
        for (line, block) in zip(2..., blocks[2...7]) {
            #expect(
                block.hasPrefix(
                    "tap strike\n<stdin>:\(line): error: Fragile stopped (SIGSEGV in scene 'FragileHome' during 'tap strike'); the screen was restored.\n== FragileHome =="
                ), "\(block)")
        }
        #expect(blocks[9].hasPrefix("tap deeper\n== Fragile 1 =="), "\(blocks[9])")
        #expect(!result.stdout.contains("closed") && !result.stderr.contains("refused"), "\(result.stderr)")
    }

    @Test("call: a native function that faults is reported with exit 8; the host never dies")
    func nativeFault() throws {
        let app = try FragileApp(host: "event-timeout = \(Self.eventTimeout)")
        let crash = try HostProcess.run(["call", "--config", app.config, "Types.poke", "13"])
        #expect(!crash.signaled && crash.status == 8)
        #expect(
            crash.stderr.hasSuffix(
                "error: Types.poke crashed (SIGSEGV); nothing else changed. Native functions run in a scene worker, which was started again.\n"
            ), "\(crash.stderr)")
        let hang = try HostProcess.run(["call", "--config", app.config, "Types.poke", "7"], timeLimit: .seconds(60))
        #expect(!hang.signaled && hang.status == 8)
        #expect(
            hang.stderr.contains(
                "error: Types.poke stopped (no answer within \(Self.eventTimeout) s); nothing else changed."),
            "\(hang.stderr)")
        let fine = try HostProcess.run(["call", "--config", app.config, "Types.poke", "21"])
        #expect(fine.status == 0 && fine.stdout == "42\n")
        let wrong = try HostProcess.run(["call", "--config", app.config, "Types.poke", "x"])
        #expect(wrong.status == 64 && wrong.stderr.contains("error: Types.poke: parameter 1 expects int32"))
    }

    @Test("a script's call that faults is one failed command; the screen and the script go on")
    func nativeFaultInScript() throws {
        let app = try FragileApp()
        let result = try app.run("tap deeper\ncall Types.poke 13\ncall Types.poke 2\n")
        #expect(!result.signaled && result.status == 1)
        let blocks = FragileApp.blocks(result.stdout)
        #expect(blocks.count == 4)
        guard blocks.count == 4 else { return }
        #expect(
            blocks[2].hasPrefix(
                "call Types.poke 13\n<stdin>:2: error: Types.poke crashed (SIGSEGV); nothing else changed. Native functions run in a scene worker, which was started again.\n== Fragile 1 =="
            ))
        #expect(blocks[3].hasPrefix("call Types.poke 2\n4\n== Fragile 1 =="))
    }

    @Test("--in-process keeps the old path: plugin code in the host (a crash is the host's)")
    func inProcess() throws {
        let app = try FragileApp()
        let fine = try HostProcess.run(["run", "--in-process", "--config", app.config], input: "tap deeper\n")
        #expect(fine.status == 0 && fine.stdout.contains("== Fragile 1 =="))
        let crash = try HostProcess.run(
            ["run", "--in-process", "--config", app.config], input: "fill mode segv\ntap strike\nprint\n",
            environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(crash.signaled && crash.status == SIGSEGV)
    }
}
