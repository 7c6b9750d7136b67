import SceneHostCore
import Testing
@testable import SceneHostCScenes

/// What a C scene's run-time errors say: the plugin, the scene, the role (its function's name),
/// the call and the argument, and what to do; escaped for the terminal, exit status 1.
@Suite("CSceneError")
struct CSceneErrorTests {
    @Test(
        "each error's message",
        arguments: [
            (
                CSceneError.hostCallRefused(
                    plugin: "BadC", scene: "Bad", role: "BadViewController_render", call: "add_label",
                    reason: "its argument 'id' is NULL"),
                "error: scene 'Bad' (C plugin BadC): BadViewController_render called add_label, which the host refused: its argument 'id' is NULL."
            ),
            (
                .roleFailed(
                    plugin: "BadC", scene: "Bad", role: "BadViewController_handleTap",
                    message: "the order could not be saved"),
                "error: scene 'Bad' (C plugin BadC): BadViewController_handleTap failed: the order could not be saved"
            ),
            (
                .createReturnedNull(plugin: "BadC", scene: "Bad", role: "BadInteractor_create"),
                "error: scene 'Bad' (C plugin BadC): BadInteractor_create returned NULL, so the scene has no state and was not built. Return the scene's state (or call fail with the reason)."
            ),
            (
                .roleReturned(
                    plugin: "BadC", scene: "Bad", role: "BadRouter_produceResult", value: "7",
                    allowed: "1 (a result) or 0 (none)"),
                "error: scene 'Bad' (C plugin BadC): BadRouter_produceResult returned 7; it must return 1 (a result) or 0 (none)."
            ),
            (
                .noHandler(plugin: "BadC", scene: "Bad", role: "BadViewController_handleTap", event: "taps"),
                "error: scene 'Bad' (C plugin BadC) has no role for taps: export BadViewController_handleTap and declare it with declare_role."
            ),
        ] as [(CSceneError, String)])
    func message(error: CSceneError, message: String) {
        #expect(error.message == message)
        #expect(error.message == "error: " + error.text)
        #expect(error.exitStatus == .commandsFailed)
    }

    @Test("a reason that ends its own sentence gets no second full stop")
    func reasonEndingItsSentence() {
        let undeclared = CSceneError.hostCallRefused(
            plugin: "BadC", scene: "Bad", role: "BadViewController_handleTap", call: "route",
            reason: "the scene declares no route to 'Nxt' (declare_route). Did you mean 'Next'?")
        #expect(
            undeclared.message
                == "error: scene 'Bad' (C plugin BadC): BadViewController_handleTap called route, which the host refused: the scene declares no route to 'Nxt' (declare_route). Did you mean 'Next'?"
        )
        let stopped = CSceneError.hostCallRefused(
            plugin: "BadC", scene: "Bad", role: "BadViewController_handleTap", call: "route",
            reason: "the scene declares no route to 'Elsewhere' (declare_route).")
        #expect(
            stopped.message
                == "error: scene 'Bad' (C plugin BadC): BadViewController_handleTap called route, which the host refused: the scene declares no route to 'Elsewhere' (declare_route)."
        )
    }

    @Test("a plugin's own message is escaped: it cannot fake a line or move the cursor")
    func escaped() {
        let error = CSceneError.roleFailed(
            plugin: "BadC", scene: "Bad", role: "BadViewController_handleTap", message: "first\nerror: forged\u{1B}[2J")
        #expect(
            error.message
                == "error: scene 'Bad' (C plugin BadC): BadViewController_handleTap failed: first\\nerror: forged\\u{1B}[2J"
        )
    }
}
