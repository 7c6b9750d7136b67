import Testing
@testable import SceneHostProcesses

/// The Swift runtime's words for a trap in plugin code, told apart from its stack trace.
@Suite("Runtime crash text")
struct RuntimeCrashTextTests {
    @Test(
        "fatalError, precondition, assert and a force unwrap of nil are trap messages, with their file and line",
        arguments: [
            "Recipes/Detail.swift:42: Fatal error: the shelf is locked",
            "Recipes/Detail.swift:42: Precondition failed: no recipe",
            "Recipes/Detail.swift:42: Assertion failed: a count below zero",
            "Recipes/Detail.swift:42: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
            "Recipes/Detail.swift:42: Fatal error",
        ])
    func messages(line: String) {
        #expect(RuntimeCrashText.isMessage(line))
        #expect(!RuntimeCrashText.isFrame(line))
    }

    @Test("a trace starts at the runtime's heading, and its frames start with their number")
    func traceLines() {
        #expect(RuntimeCrashText.startsTrace("Current stack trace:"))
        #expect(RuntimeCrashText.startsTrace("💣 Program crashed: Illegal instruction at 0x0000"))
        #expect(RuntimeCrashText.isFrame("20 scene-host-worker 0x000055 <unavailable> + 561057"))
        #expect(RuntimeCrashText.isFrame("0    libswiftCore.so    0x00007f <unavailable> + 123"))
        #expect(!RuntimeCrashText.isFrame("2 books loaded"[...].dropFirst(2)))
        #expect(!RuntimeCrashText.isFrame("42"))
        #expect(!RuntimeCrashText.isFrame("loaded 3 books"))
        #expect(!RuntimeCrashText.isMessage("a fatal error in the recipe"))
    }

    @Test("the message among a process's last lines is the first trap message, not a frame")
    func messageAmongLines() {
        let lines = [
            "loading", "Recipes/Detail.swift:42: Precondition failed: no recipe", "Current stack trace:",
            "20 scene-host-worker 0x0000 <unavailable> + 561057",
        ]
        #expect(RuntimeCrashText.message(in: lines) == "Recipes/Detail.swift:42: Precondition failed: no recipe")
        #expect(RuntimeCrashText.message(in: ["loading", "done"]) == nil)
    }
}
