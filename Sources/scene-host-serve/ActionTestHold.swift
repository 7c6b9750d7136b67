#if canImport(Glibc)
import SceneHostCommandLine
import Glibc
#endif
import ArgumentParser
import Foundation
import SceneHostWebModel

/// A test hook, never set in use: with `SCENE_HOST_TEST_ACTION_HOLD=PATH` in its environment, `serve`
/// holds every action at one step (`SCENE_HOST_TEST_ACTION_HOLD_AT`: `claimed`, the default, once its
/// claim on the session store is won; `applied`, once its plugin code ran; `written`, once its row is
/// written and before the answer leaves), while PATH does not exist:
/// it says so on standard error once per action held, then waits until PATH exists (at most 60 s,
/// polling without holding up other requests) before the action runs. An end-to-end test removes
/// PATH, posts a form, and `kill -9`s the instance while it holds the claim, deterministically
/// (`ServeClaimTests`); with PATH there, nothing is held (the test makes its session first). It only
/// delays an action: what is claimed, applied and written is decided as without it, so setting it
/// weakens nothing (whoever sets a process's environment could delay it as well by stopping it).
enum ActionTestHold {
    static let variable = "SCENE_HOST_TEST_ACTION_HOLD"
    static let stepVariable = "SCENE_HOST_TEST_ACTION_HOLD_AT"

    /// The hook for `WebServer.holdActions`, when the variable is set; a step that is none of the
    /// three is an error at start (exit 2), never a quiet default.
    static func hold() throws -> (@MainActor (WebSessionStore.ActionStep) async -> Void)? {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[variable], !path.isEmpty else { return nil }
        let named = environment[stepVariable] ?? WebSessionStore.ActionStep.claimed.rawValue
        guard let chosen = WebSessionStore.ActionStep(rawValue: named) else {
            let steps = WebSessionStore.ActionStep.allCases.map(\.rawValue).joined(separator: ", ")
            StandardStreams.error("error: \(stepVariable)='\(named)' names no step of an action: use one of \(steps).")
            throw ExitCode(2)
        }
        return { step in
            guard step == chosen else { return }
            var info = stat()
            guard stat(path, &info) != 0 else { return }
            StandardStreams.error(
                "scene-host serve: test hook: an action is held once \(step.rawValue); waiting for \(path)")
            let deadline = ContinuousClock.now + .seconds(60)
            while stat(path, &info) != 0, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}
