#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A test hook, never set in use: with `SCENE_HOST_TEST_RELOAD_HOLD=PATH` in its environment, a
/// `--watch` reload whose checks passed, once it holds the checked plugin files, says so on
/// standard error and waits until PATH exists (at most 60 s) before it starts the new build's
/// workers. An end-to-end test writes another build over the plugin file in that moment, right
/// after the checks, deterministically (`LiveReloadTests`). It only delays a reload: what is
/// checked, what is loaded and what runs are decided as without it, so setting it weakens nothing
/// (whoever sets a process's environment could delay it as well by stopping it).
enum ReloadTestHold {
    package static let variable = "SCENE_HOST_TEST_RELOAD_HOLD"

    /// Waits as described when the variable is set; `command`: `run` or `serve`, for the line.
    static func holdIfAsked(command: String) {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return }
        StandardStreams.error(
            "scene-host \(command): --watch: test hook: the checks passed and their files are held; waiting for \(path)"
        )
        let deadline = ContinuousClock.now + .seconds(60)
        var info = stat()
        while stat(path, &info) != 0, ContinuousClock.now < deadline {
            usleep(20_000)
        }
    }
}
