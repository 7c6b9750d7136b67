import Foundation
import Testing
import TestSupport

/// `scene-host run --open LINK`, `list`, `graph` and `check` with the real binary and the Links fixture.
@Suite("Deep links: the binary")
struct LinkRunTests {
    static let itemScreen = """
        == LinkItem ==  (LinkHome › LinkList › LinkItem)
        label   text  item #2
        field   note  ""  (note)
        """

    @Test(
        "a good link starts the app at the linked screen, with the stack from the initial scene: piped, --script, in process"
    )
    func opens() throws {
        let app = try LinksApp()
        let piped = try app.run(["run", "--open", "items/2"], input: "print\n")
        #expect(piped.status == 0)
        #expect(piped.stdout.hasPrefix(Self.itemScreen + "\n"))
        #expect(piped.stdout.contains("> print\n" + Self.itemScreen))
        let script = try app.folder.write("fill note kept\nprint\n", to: "notes.script")
        let scripted = try app.run(["run", "--open", "/items/2", "--script", script])
        #expect(scripted.status == 0)
        #expect(scripted.stdout.hasPrefix(Self.itemScreen + "\n"))
        #expect(scripted.stdout.contains("field   note  \"kept\""))
        let inProcess = try app.run(["run", "--in-process", "--open", "search/tea%20cake/true/2.5"], input: "")
        #expect(inProcess.status == 0)
        #expect(
            inProcess.stdout.hasPrefix(
                "== LinkSearch ==  (LinkHome › LinkList › LinkSearch)\nlabel   text  search tea cake exact true limit 2.5\n"
            ))
    }

    @Test("the last step takes its route's style: a segue that presents opens the linked scene as a modal")
    func presented() throws {
        let app = try LinksApp(
            """
            [[segues]]
            from = "LinkList"
            id = "search"
            to = "LinkSearch"
            style = "present"
            """)
        let result = try app.run(["run", "--open", "search/x/false/0"], input: "back\n")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("== LinkSearch ==  (LinkHome › LinkList › LinkSearch (modal))\n"))
        #expect(result.stdout.contains("> back\n== LinkList ==  (LinkHome › LinkList)\n"))
    }

    @Test(
        "the interactive terminal starts at the link too; a bad link there exits 9 showing nothing",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func terminal() throws {
        let app = try LinksApp()
        let good = try HostShell.run(
            "printf 'quit\\n' | script -qec \"'$HOST' run --config '\(app.config)' --open items/5\" /dev/null; echo $? >\"$STATUS\""
        )
        #expect(good.status == 0)
        #expect(good.stdout.contains("== LinkItem ==  (LinkHome › LinkList › LinkItem)"))
        #expect(good.stdout.contains("label   text  item #5"))
        let bad = try HostShell.run(
            "printf 'quit\\n' | script -qec \"'$HOST' run --config '\(app.config)' --open items/x\" /dev/null; echo $? >\"$STATUS\""
        )
        #expect(bad.status == 9)
        #expect(bad.stdout.contains("error: link 'items/x' (items/{id: Int}): parameter 'id' expects an Int"))
        #expect(!bad.stdout.contains("=="))
    }

    @Test(
        "a bad link: a located error naming it on standard error, exit 9, nothing shown, never a crash",
        arguments: [
            (
                "items/abc",
                "error: link 'items/abc' (items/{id: Int}): parameter 'id' expects an Int (a whole number from -9223372036854775808 to 9223372036854775807), given \"abc\"."
            ),
            (
                "items/99999999999999999999",
                "error: link 'items/99999999999999999999' (items/{id: Int}): parameter 'id' expects an Int (a whole number from -9223372036854775808 to 9223372036854775807), given \"99999999999999999999\"."
            ),
            (
                "item/2",
                "error: no link matches 'item/2'. Did you mean 'items/{id: Int}'? The app's links: items/{id: Int}, search/{query: String}/{exact: Bool}/{limit: Double}."
            ),
            (
                "",
                "error: the link is empty. Give a path that matches a declared link, such as 'orders/2' ('scene-host list' shows the app's links)."
            ),
            ("items/..", "error: link 'items/..' is malformed: '..' is not a segment a link may have."),
            ("../items/2", "error: link '../items/2' is malformed: '..' is not a segment a link may have."),
            ("items/%2e%2e", "error: link 'items/%2e%2e' is malformed: '%2e%2e' is not a segment a link may have."),
            (
                "items/%zz",
                "error: link 'items/%zz' is malformed: '%zz' is not a percent escape ('%' and two hexadecimal digits)."
            ),
            ("items/%1B", "error: link 'items/%1B' is malformed: it holds a control character."),
            (String(repeating: "items/", count: 200), "error: the link is 1200 bytes long; a link has at most 1024."),
            (
                "items/-1",
                "error: opening link 'items/-1' failed at scene 'LinkItem': no item has a negative id. Nothing changed."
            ),
        ])
    func refused(link: String, message: String) throws {
        let app = try LinksApp()
        for mode in [[], ["--in-process"]] {
            let result = try app.run(["run", "--open", link] + mode, input: "print\n")
            #expect(result.status == 9)
            #expect(!result.signaled)
            #expect(result.stdout == "")
            // --in-process says first what it costs (its warning), then the same refusal.
            let warning =
                mode.isEmpty
                ? ""
                : "warning: --in-process: plugin code runs in this process, outside the sandbox: a plugin's crash or hang ends it, and its code can read and change this process's memory. Use it only for debugging.\n"
            #expect(result.stderr == warning + message + "\n")
        }
    }

    @Test("list shows each scene's link with its types; graph marks the linked scenes; check is ok")
    func listAndGraph() throws {
        let app = try LinksApp()
        let list = try app.run(["list"])
        #expect(list.status == 0)
        #expect(
            list.stdout.contains(
                """
                  LinkItem  [Links]
                    input:    ItemInput { id: Int }
                    link:     items/{id: Int}
                """))
        #expect(list.stdout.contains("    link:     search/{query: String}/{exact: Bool}/{limit: Double}\n"))
        let dot = try app.run(["graph"])
        #expect(
            dot.stdout.contains(
                "  \"LinkItem\" [label=\"LinkItem\\n(Links)\\nin: ItemInput\\nlink: items/{id: Int}\", style=\"rounded,bold\"];"
            ))
        let mermaid = try app.run(["graph", "--format", "mermaid"])
        #expect(mermaid.stdout.contains("[\"LinkItem<br/>(Links)<br/>in: ItemInput<br/>link: items/{id: Int}\"]"))
        let check = try app.run(["check"])
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("check: ok:"))
    }
}
