import Testing
@testable import SceneHostFrontend

/// A command's error in a script names the line that ran it, as a syntax error does.
@Suite("ScriptRunner: where a command failed")
struct ScriptRunnerLocationTests {
    @Test(
        "an error gets the script's file name and line; a notice stays as it is",
        arguments: [
            (
                "error: scene 'Home' has no button 'sve'.", "examples/orders-stack.script", 7,
                "orders-stack.script:7: error: scene 'Home' has no button 'sve'."
            ),
            ("error: x", "<stdin>", 2, "<stdin>:2: error: x"),
            ("error: first\nsecond", "a.script", 1, "a.script:1: error: first\nsecond"),
            ("notice: the screen was restored.", "a.script", 3, "notice: the screen was restored."),
        ])
    func located(message: String, file: String, line: Int, expected: String) {
        #expect(ScriptRunner.located(message, file: file, line: line) == expected)
    }
}
