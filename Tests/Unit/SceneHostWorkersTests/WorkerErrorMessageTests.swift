import Testing
@testable import SceneHostCore
@testable import SceneHostWorkers
@testable import SceneHostNavigation

/// Every scene-worker message, word for word, with its exit code.
@Suite("Worker error messages")
struct WorkerErrorMessageTests {
    @Test(
        "each fault and restore outcome has its text and its exit code",
        arguments: [
            (
                WorkerError.workerStopped(
                    plugin: "DetailScene", scene: "Detail", action: "tap done", fault: .signal(11), restore: .restored),
                "error: DetailScene stopped (SIGSEGV in scene 'Detail' during 'tap done'); the screen was restored.",
                Int32(1)
            ),
            (
                .workerStopped(
                    plugin: "P", scene: "S", action: "back", fault: .timedOut(milliseconds: 2500),
                    restore: .cut(scene: "T", reason: "error: it broke")),
                "error: P stopped (no answer within 2.5 s in scene 'S' during 'back'); the stack was restored below 'T', which could not be built again: it broke",
                1
            ),
            (
                .workerStopped(
                    plugin: "P", scene: "S", action: "tap x", fault: .exited(3),
                    restore: .startedOver(reason: "error: no")),
                "error: P stopped (exit status 3 in scene 'S' during 'tap x'); nothing could be built again, so the app started over at its initial scene: no",
                1
            ),
            (
                .workerStopped(
                    plugin: "P", scene: "S", action: "tap x", fault: .garbled, restore: .lost(reason: "gone")),
                "error: P stopped (garbage on its channel in scene 'S' during 'tap x'); the session could not be built again (gone) and was closed.",
                1
            ),
            (
                .crashedOutsideScene(
                    plugin: "Saboteur", scenePlugin: "Fragile", scene: "FragileHome", action: "tap deeper",
                    fault: .signal(11), restore: .restored),
                "error: Saboteur stopped (SIGSEGV in its own code, while on scene 'FragileHome' of Fragile during 'tap deeper'); the screen was restored.",
                1
            ),
            (
                .crashedOutsideScene(
                    plugin: nil, scenePlugin: "Fragile", scene: "FragileHome", action: "tap deeper", fault: .signal(7),
                    restore: .restored),
                "error: the scene worker stopped (SIGBUS outside every plugin's code, while on scene 'FragileHome' of Fragile during 'tap deeper'; counted against no plugin); the screen was restored.",
                1
            ),
            (
                .sharedWorkerStopped(plugin: "P", fault: .signal(4), restore: .restored),
                "notice: the scene worker this session shares stopped in another session (P: SIGILL); the screen was restored.",
                1
            ),
            (
                .nativeCallFaulted(function: "N.poke", fault: .signal(11)),
                "error: N.poke crashed (SIGSEGV); nothing else changed. Native functions run in a scene worker, which was started again.",
                8
            ),
            (
                .nativeCallFaulted(function: "N.poke", fault: .timedOut(milliseconds: 10_000)),
                "error: N.poke stopped (no answer within 10 s); nothing else changed. Native functions run in a scene worker, which was started again.",
                8
            ),
            (
                .pluginRefused(plugin: "P", sources: 3, retryIn: 20),
                "error: This part of the app is closed for now because it stopped working for 3 different users within a minute; it is tried again within 20 s. Try again then. (plugin 'P' is refused for everyone for 20 s more: its code ended scene workers for 3 clients within a minute)",
                3
            ),
            (
                .sessionEndedForFaults(
                    plugin: "P", scene: "S", action: "fill mode, tap strike", fault: .signal(11), faults: 3),
                "error: Your session was ended because your actions stopped the app 3 times, the last with 'fill mode, tap strike' on 'S'. You are back at the start. (plugin 'P': SIGSEGV in scene 'S' during 'fill mode, tap strike'; fault 3 of this session, the limit of [host] faults-per-session)",
                1
            ),
            (
                .pluginsClosed(plugins: ["P", "Q"], restore: .cut(scene: "T", reason: "error: closed")),
                "notice: the app's scene worker was started again to close or reopen a part of it that stopped for several users; the stack was restored below 'T', which could not be built again: closed (plugins refused or tried again: P, Q)",
                1
            ),
            (
                .workerUnavailable(reason: "cannot start /x: No such file or directory"),
                "error: cannot start a scene worker: cannot start /x: No such file or directory. Run with --verbose for details; --in-process runs plugin code in the host (for debugging only).",
                3
            ),
            (
                .sessionLost(reason: "its worker ended"),
                "error: this session was closed: its worker ended; no command can run in it any more. Start a new session: run 'scene-host run' again, or open the app's start page in the browser.",
                1
            ),
            (
                .workerBusy(milliseconds: 10_000),
                "error: the app is busy: its scene worker did not take this action within 10 s; nothing changed. Try again.",
                1
            ),
            (
                .checkStopped(fault: .signal(6)),
                "error: check stopped: the process that loads plugins to check them ended (SIGABRT): a plugin's code crashed outside its probe. Run 'scene-host check --in-process --verbose' (under a debugger) to see which.",
                3
            ),
            (.remote(RemoteFailure(text: "error: from the worker", status: 64)), "error: from the worker", 64),
            (
                .reloaded(plugins: ["Form"], restore: .restored),
                "notice: reloaded the new build of 'Form'; the screen was restored.", 1
            ),
            (
                .reloaded(
                    plugins: ["A", "B", "C"],
                    restore: .cut(scene: "Gone", reason: "error: scene 'Gone' is not registered")),
                "notice: reloaded the new build of 'A', 'B' and 'C'; the stack was restored below 'Gone', which could not be built again: scene 'Gone' is not registered",
                1
            ),
            (
                .reloadRefused(
                    plugins: ["Form"],
                    reason: "app.conf:5:1: error: plugin 'Form': /b/libForm.so is not a shared library"),
                "error: the new build of 'Form' was refused, so the old build keeps running and nothing changed. Fix it and build again:\napp.conf:5:1: error: plugin 'Form': /b/libForm.so is not a shared library",
                3
            ),
        ])
    func texts(error: WorkerError, text: String, status: Int32) {
        #expect(ErrorMessage.render(error) == text)
        #expect(ExitStatus(for: error).rawValue == status)
    }

    @Test("names from plugins are escaped in the host's own words")
    func escaped() {
        #expect(
            ErrorMessage.render(
                WorkerError.workerStopped(
                    plugin: "P\u{1B}[2J", scene: "S\n", action: "tap b", fault: .signal(99), restore: .restored))
                == "error: P\\u{1B}[2J stopped (signal 99 in scene 'S\\n' during 'tap b'); the screen was restored.")
    }

    @Test("a worker that could not start is said by its cause, not the whole message with its advice")
    func notStarted() {
        let unavailable = WorkerError.workerUnavailable(reason: "it ended while loading the app (SIGKILL)\n")
        #expect(unavailable.notStartedReason == "it ended while loading the app (SIGKILL)\\n")
        #expect(
            WorkerFault.notStarted(reason: unavailable.notStartedReason).summary
                == "no worker could be started: it ended while loading the app (SIGKILL)\\n")
        let remote = WorkerError.remote(RemoteFailure(text: "s.conf:3:1: error: plugin 'P': file not found", status: 3))
        #expect(remote.notStartedReason == "s.conf:3:1: error: plugin 'P': file not found")
    }
}
