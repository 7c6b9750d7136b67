import Foundation
import Testing
import TestSupport

/// Runs the built `scene-host` binary on scripts, as a user would.
@Suite("scene-host run (end to end)")
struct RunCommandTests {
    static let detailWithHello = """
        == Detail ==  (Home › Detail)
        label   message  Hello
        button  done     [Done]
        """

    @Test(
        "type Hello, tap, read Hello on Detail: by the segue and by the programmatic route",
        arguments: ["showDetail", "openDetail"])
    func helloReachesDetail(button: String) throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        let script = try folder.write("fill message Hello\ntap \(button)\n", to: "demo.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("> tap \(button)\n" + Self.detailWithHello + "\n"), "\(result.stdout)")
    }

    @Test("the shipped scenes.conf runs from the package root, script on standard input")
    func shippedDemo() throws {
        let result = try HostProcess.run(
            ["run"], input: "fill message Hello\ntap showDetail\n", in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                """
                == Home ==  (Home)
                label   prompt      Type a message for Detail
                field   message     ""  (message)
                button  showDetail  [Show detail (segue)]
                button  openDetail  [Open detail (in code)]

                > fill message Hello
                """))
        #expect(result.stdout.hasSuffix(Self.detailWithHello + "\n"))
    }

    @Test("a route that fails at run time shows the error on the screen; the app goes on and its state is intact")
    func failedRouteKeepsState() throws {
        let folder = try TemporaryFolder()
        let plugins = [
            ("Liar", BuildProducts.library("FixtureLiar")), ("DetailScene", BuildProducts.library("DetailScene")),
        ]
        let config = try folder.write(DemoConfig.config(initial: "Liar", plugins: plugins), to: "scenes.conf")
        let result = try HostProcess.run(["run", "--config", config], input: "fill note kept\ntap go\nprint\n")
        #expect(result.status == 1)
        let screen = "== Liar ==  (Liar)\nfield   note  \"kept\"\nbutton  go    [Go]\n"
        #expect(
            result.stdout.hasSuffix(
                """
                > tap go
                <stdin>:2: error: route from 'Liar' to 'Detail' failed: the value does not fit the input DetailInput of scene 'Detail': field 'message': expected String, given Int.
                \(screen)
                > print
                \(screen)
                """), "\(result.stdout)")
    }

    @Test("back from Detail returns to Home with the field as it was")
    func backToHome() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        let result = try HostProcess.run(
            ["run", "--config", config], input: "fill message Hi there\ntap showDetail\nback\n")
        #expect(result.status == 0)
        #expect(
            result.stdout.hasSuffix(
                "> back\n== Home ==  (Home)\nlabel   prompt      Type a message for Detail\nfield   message     \"Hi there\"\nbutton  showDetail  [Show detail (segue)]\nbutton  openDetail  [Open detail (in code)]\n"
            ))
    }

    @Test("a script syntax error stops before anything runs, located at file:line:column")
    func scriptSyntaxError() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        let script = try folder.write("fill message Hi\n\n   jump Home\n", to: "bad.script")
        let result = try HostProcess.run(["run", "--config", config, "--script", script])
        #expect(result.status == 5)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "\(script):3:4: error: unknown command 'jump'; commands: fill, tap, select, toggle, choose, tab, back, dismiss, print, wait, call.\n"
        )
    }

    @Test("a missing script file")
    func missingScript() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        let result = try HostProcess.run(["run", "--config", config, "--script", folder.path("none.script")])
        #expect(result.status == 5)
        #expect(result.stderr == "error: script file '\(folder.path("none.script"))' not found.\n")
    }
}
