import Testing
@_spi(SceneTesting) import SceneSDK
import SceneTesting
import SceneTestSupport
import TestSupport

/// The testing kit runs a scene's background work to its end (`settle`), hears what it failed
/// with, and cancels it when the scene leaves: a late result changes nothing, and nothing leaks.
@MainActor
@Suite("Background work in the testing kit")
struct BackgroundWorkKitTests {
    func kit() throws -> SceneTestKit {
        let kit = SceneTestKit()
        try kit.load(WorkProbe.definition("Work", seconds: 0.01))
        // Far longer than any test run: a main actor held up by another test (the tests share it)
        // must not let this work end before the test looks, or "does not end within the limit" is untrue.
        try kit.load(WorkProbe.definition("SlowWork", seconds: 3_600))
        return kit
    }

    @Test("the load started in viewDidLoad runs to its end on settle, and shows on the screen")
    func settleRunsWork() async throws {
        let kit = try kit()
        try kit.start("Work")
        #expect(try kit.text("status") == "Loading")
        #expect(kit.runningWork == 1)
        #expect(await kit.settle())
        #expect(kit.runningWork == 0)
        #expect(try kit.text("status") == "Loaded")
    }

    @Test("an error the work does not catch is heard of and the screen stays; one it catches is presented")
    func failures() async throws {
        let kit = try kit()
        try kit.start("Work")
        await kit.settle()
        try kit.tap("fail")
        await kit.settle()
        #expect(kit.workFailures.map { "\($0)" } == ["the shelf is locked"])
        #expect(try kit.text("status") == "Loaded")
        try kit.tap("caught")
        await kit.settle()
        #expect(try kit.text("status") == "Could not load: the shelf is locked")
        #expect(kit.workFailures.count == 1)
    }

    @Test("work that does not end within the limit: settle says so, and the screen shows it still loading")
    func limit() async throws {
        let kit = try kit()
        try kit.start("SlowWork")
        #expect(await kit.settle(within: .milliseconds(20)) == false)
        #expect(try kit.text("status") == "Loading")
    }

    @Test(
        "observe: settle does not wait for it; awaitScreen steps it value by value; leaving cancels it and releases the scene"
    )
    func observedWork() async throws {
        let feed = WorkProbeFeed()
        let kit = SceneTestKit()
        try kit.load(WorkProbe.definition("Work", seconds: 0.01, feed: feed))
        try kit.start("Work")
        try kit.tap("follow")
        #expect(kit.runningWork == 2)
        // The observe task never ends: a settle that waited for it would say false at its limit.
        #expect(await kit.settle(within: .seconds(30)), "observe tasks are not waited for")
        #expect(kit.runningWork == 1)
        #expect(try kit.text("followed") == "Followed 0")
        for value in [3, 7] {
            feed.continuation.yield(value)
            let screen = try await kit.awaitScreen {
                $0.element(id: "followed") == .label(id: "followed", text: "Followed \(value)")
            }
            #expect(screen.element(id: "followed") == .label(id: "followed", text: "Followed \(value)"))
        }
        // A value never sent never shows: the await fails the test, saying what it saw.
        do {
            try await kit.awaitScreen(within: .milliseconds(30)) {
                $0.element(id: "followed") == .label(id: "followed", text: "Followed 9")
            }
            Issue.record("an await that timed out did not throw")
        } catch let error as SceneTestingError {
            guard case .awaitTimedOut(let scene, _, let limit, let saw) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(scene == "Work" && limit == .milliseconds(30))
            #expect(
                error.description
                    == "'Work': a screen that passes the test's condition did not come within 0.03 s. It saw \(saw)")
            #expect(saw.hasPrefix("the screen 'Work' [label 'status' \"Loaded\""), "\(saw)")
            #expect(saw.contains("label 'followed' \"Followed 7\""), "\(saw)")
            #expect(saw.hasSuffix("navigation: none"), "\(saw)")
        }
        weak let interactor = kit.dataStore as? WorkProbeInteractor
        // Room for a loaded machine (`Slack`), where this actor may wait long for its turn.
        try await kit.assertReleased(waitingForWork: Slack.scaled(.seconds(5)))
        #expect(interactor == nil, "the observe task was cancelled and holds nothing")
    }

    @Test(
        "a scene that leaves while its work runs: the work is cancelled, its late result dropped, and its parts are released"
    )
    func leavingCancels() async throws {
        let kit = try kit()
        try kit.start("SlowWork")
        #expect(kit.runningWork == 1)
        try kit.back()
        // The cancelled sleep ends at the next turn; then nothing holds the scene's parts.
        for _ in 0..<100 { await Task.yield() }
        #expect(kit.exits.count == 1)
        try kit.start("SlowWork")
        weak let interactor = kit.dataStore as? WorkProbeInteractor
        #expect(interactor != nil)
        #expect(await kit.settle(within: .milliseconds(5)) == false)
        // The hour-long load is cancelled, ends at once (well within the room a loaded machine is
        // given, `Slack`), and holds nothing any more.
        let started = ContinuousClock.now
        try await kit.assertReleased(waitingForWork: Slack.scaled(.seconds(5)))
        #expect(ContinuousClock.now - started < Slack.scaled(.seconds(5)))
        #expect(interactor == nil)
    }
    /// A kit on `Work` following its feed: -1 makes it leave by itself, -2 route on.
    private func following() throws -> (SceneTestKit, WorkProbeFeed) {
        let feed = WorkProbeFeed()
        let kit = SceneTestKit()
        try kit.load(WorkProbe.definition("Work", seconds: 0.01, feed: feed))
        try kit.start("Work")
        try kit.tap("follow")
        return (kit, feed)
    }

    @Test("awaitExit returns the exit the scene's work made, once; a second await times out saying what it saw")
    func awaitsAnExit() async throws {
        let (kit, feed) = try following()
        feed.continuation.yield(-1)
        let exit = try await kit.awaitExit()
        #expect(exit == RecordedExit(target: .previous, result: nil, byUser: false))
        await #expect(
            throws: SceneTestingError.sceneLeftWhileAwaiting(
                scene: "Work", waitingFor: "an exit", navigation: "exit (by its router)")
        ) {
            try await kit.awaitExit(within: .milliseconds(20))
        }
    }

    @Test("awaitRoute returns the route the scene's work made (also one made before the call), each once")
    func awaitsARoute() async throws {
        let (kit, feed) = try following()
        feed.continuation.yield(-2)
        let route = try await kit.awaitRoute(to: "SlowWork")
        #expect(route.destination == "SlowWork" && route.style == .push)
        // Made before the await: still returned, once.
        try kit.returnToScene()
        try kit.tap("slow")
        #expect(try await kit.awaitRoute().destination == "SlowWork")
        do {
            try await kit.awaitRoute(within: .milliseconds(20))
            Issue.record("no third route, yet the await returned")
        } catch let error as SceneTestingError {
            guard case .awaitTimedOut(_, "a route", _, let saw) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(saw.hasSuffix("navigation: route to 'SlowWork' (push), route to 'SlowWork' (push)"), "\(saw)")
        }
    }

    @Test("an await for a screen ends at once when the scene leaves instead, not at its limit")
    func leavingEndsAScreenAwait() async throws {
        let (kit, feed) = try following()
        feed.continuation.yield(-1)
        await #expect(
            throws: SceneTestingError.sceneLeftWhileAwaiting(
                scene: "Work", waitingFor: "a screen that passes the test's condition",
                navigation: "exit (by its router)")
        ) {
            try await kit.awaitScreen(within: .seconds(600)) { _ in false }
        }
        // The error itself says the leave ended the await (its limit would throw `awaitTimedOut`). The time it
        // took is no proof either way: in a loaded full run the main actor was once busy for 300 s with other
        // suites' tests before this one resumed.
        #expect(
            SceneTestingError.sceneLeftWhileAwaiting(scene: "Work", waitingFor: "a route", navigation: "none")
                .description
                == "'Work' left (navigation: none) while the test awaited a route: await what it did instead "
                + "(awaitExit, awaitRoute)")
    }
}
