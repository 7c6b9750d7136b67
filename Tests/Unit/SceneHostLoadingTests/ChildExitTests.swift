#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SceneHostProcesses
@testable import SceneHostLoading

/// Waiting for a child with `ChildExit`: the exit status read, the deadline kept, with the pidfd
/// and with the fallback used where the kernel has none. Behaviour only: no timing is asserted
/// beyond the deadlines themselves, which are generous.
@Suite("ChildExit")
struct ChildExitTests {
    private func start(_ script: String) throws -> pid_t {
        try ProcessSpawner.start("/bin/sh", arguments: ["-c", script], environment: [:], descriptors: [:])
    }

    @Test("a child that exits is reaped with its exit status", arguments: [true, false])
    func exitStatus(pidfd: Bool) throws {
        let exit = ChildExit(try start("exit 7"), usePidfd: pidfd)
        #expect(exit.hasPidfd == pidfd)
        let raw = try #require(exit.wait(until: ContinuousClock.now + .seconds(60)), "the child's end was not noticed")
        let ended = ChildProcessProber.Ended(raw: raw)
        #expect(ended.signal == nil)
        #expect(ended.exitCode == 7)
        // Reaped once: asking again gives the same status, not an error.
        #expect(exit.reap() == raw)
    }

    @Test("a child killed by a signal is reported with the signal", arguments: [true, false])
    func signal(pidfd: Bool) throws {
        let exit = ChildExit(try start("kill -SEGV $$"), usePidfd: pidfd)
        let raw = try #require(exit.wait(until: ContinuousClock.now + .seconds(60)))
        #expect(ChildProcessProber.Ended(raw: raw).signal == SIGSEGV)
    }

    @Test("a child still running at the deadline is left running, then killed and reaped", arguments: [true, false])
    func deadline(pidfd: Bool) throws {
        let pid = try start("exec sleep 60")
        let exit = ChildExit(pid, usePidfd: pidfd)
        #expect(exit.wait(until: ContinuousClock.now + .milliseconds(200)) == nil)
        #expect(exit.reap() == nil, "the wait reaped a child that still runs")
        kill(pid, SIGKILL)
        #expect(ChildProcessProber.Ended(raw: exit.waitUntilEnded()).signal == SIGKILL)
    }

    @Test("sleeping on several children wakes when one of them ends")
    func sleepWakesOnAnyEnd() throws {
        let sleeper = ChildExit(try start("exec sleep 60"))
        let quick = ChildExit(try start("exit 0"))
        defer {
            kill(sleeper.pid, SIGKILL)
            sleeper.waitUntilEnded()
        }
        // The deadline is far: the loop ends because the quick child ended, which the sleep reports.
        let deadline = ContinuousClock.now + .seconds(60)
        while quick.reap() == nil && ContinuousClock.now < deadline {
            ChildExit.sleep(watching: [sleeper, quick], until: deadline)
        }
        #expect(quick.reap().map { ChildProcessProber.Ended(raw: $0).exitCode } == 0)
        #expect(sleeper.reap() == nil)
    }
}
