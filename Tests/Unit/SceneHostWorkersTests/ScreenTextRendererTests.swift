import Testing
import SceneSDK
@testable import SceneHostNavigation
@testable import SceneHostFrontend
@testable import SceneHostWorkers

@Suite("ScreenTextRenderer")
struct ScreenTextRendererTests {
    @Test("every element kind, aligned by id")
    func rendersAllKinds() {
        let screen = Screen(
            title: "Orders",
            elements: [
                .label(id: "total", text: "3 orders"),
                .textField(id: "search", placeholder: "search", text: ""),
                .textField(id: "note", placeholder: "note", text: "fast"),
                .button(id: "add", title: "Add"),
                .list(id: "orders", rows: ["#1 Tea", "#2 Cake"]),
                .list(id: "empty", rows: []),
            ])
        #expect(
            ScreenTextRenderer.render(screen, path: "Home › Orders") == """
                == Orders ==  (Home › Orders)
                label   total   3 orders
                field   search  ""  (search)
                field   note    "fast"
                button  add     [Add]
                list    orders
                                0  #1 Tea
                                1  #2 Cake
                list    empty   (empty)
                """)
    }

    @Test("an alert is marked as a field's problem is: what the user must notice")
    func rendersAnAlert() {
        let screen = Screen(
            title: "Edit",
            elements: [.alert(id: "message", text: "Order #2 was changed"), .button(id: "save", title: "Save")])
        #expect(
            ScreenTextRenderer.render(screen, path: "Edit") == """
                == Edit ==  (Edit)
                alert   message  ! Order #2 was changed
                button  save     [Save]
                """)
    }

    @Test(
        "the form elements: a text area, a secret (never its text), toggles, a choice, progress, rows with details, a section indented"
    )
    func rendersFormElements() {
        let screen = Screen(
            title: "Loan",
            elements: [
                .textArea(id: "notes", label: "Notes", text: "at the door\nring twice"),
                .secureField(id: "pin", label: "PIN", isFilled: false),
                .secureField(id: "pass", label: "", isFilled: true, problem: "too short"),
                .progress(id: "load", label: "Loading", value: nil),
                .progress(id: "sync", label: "", value: 0.426),
                .progress(id: "over", label: "Over", value: 7),
                .list(id: "books", rows: [ListRow(title: "Dune", detail: "due in 3 days"), "Emma"]),
                .section(
                    id: "options", title: "Options",
                    elements: [
                        .toggle(id: "notify", title: "Notify me", isOn: true),
                        .toggle(id: "wrap", title: "Gift wrap", isOn: false),
                        .choice(id: "days", label: "Days", options: ["7", "14"], selected: 1),
                        .choice(id: "none", label: "None", options: [], selected: nil),
                    ]),
            ])
        #expect(
            ScreenTextRenderer.render(screen, path: "Loan") == """
                == Loan ==  (Loan)
                text    notes    "at the door\\nring twice"  (Notes)
                secret  pin      (empty)  (PIN)
                secret  pass     (filled)
                                 ! too short
                busy    load     Loading …
                busy    sync     42%
                busy    over     Over 100%
                list    books
                                 0  Dune — due in 3 days
                                 1  Emma
                section options  Options
                  toggle  notify   [x] Notify me
                  toggle  wrap     [ ] Gift wrap
                  choice  days     Days
                                   0  ( ) 7
                                   1  (•) 14
                  choice  none     None (no options)
                """)
    }

    @Test("a plugin's texts with escape sequences and line breaks print escaped, one line per element")
    func escapesPluginText() {
        let screen = Screen(
            title: "T\u{1B}]0;owned\u{7}",
            elements: [
                .label(id: "l\u{1B}", text: "ok\nfake line\u{1B}[2J"),
                .textField(id: "f", placeholder: "p\r", text: ""),
                .button(id: "b", title: "\u{202E}evil"),
                .list(id: "rows", rows: ["r\n2"]),
            ])
        #expect(
            ScreenTextRenderer.render(screen, path: "A\u{1B} › B") == """
                == T\\u{1B}]0;owned\\u{7} ==  (A\\u{1B} › B)
                label   l\\u{1B}  ok\\nfake line\\u{1B}[2J
                field   f        ""  (p\\r)
                button  b        [\\u{202E}evil]
                list    rows
                                 0  r\\n2
                """)
    }

    @Test(
        "breadcrumbs: modal stacks marked; a deep stack shows its first scene, a count and the last three",
        arguments: [
            ([["Home"]], "Home"),
            ([["Home", "Show"], ["Edit"]], "Home › Show › Edit (modal)"),
            ([["A", "B", "C", "D", "E"]], "A › B › C › D › E"),
            ([["A", "B", "C", "D", "E", "F"]], "A › … 2 more … › D › E › F"),
            ([Array(repeating: "A", count: 500) + ["B"], ["C", "D"]], "A › … 499 more … › B › C › D (modal)"),
        ])
    func breadcrumbs(stacks: [[String]], expected: String) {
        #expect(ScreenTextRenderer.breadcrumb(stacks) == expected)
    }

    @Test("a worker session's breadcrumb, drawn from the records it shows, is the one of its layers, as records change")
    func workerSessionBreadcrumb() {
        func record(_ name: String, modal: Bool = false) -> SceneRecord {
            SceneRecord(name: name, opensLayer: modal, input: nil)
        }
        var state = WorkerSession.State()
        #expect(state.breadcrumb == ScreenTextRenderer.breadcrumb(state.layers))
        let steps: [(keep: Int, changed: [SceneRecord])] = [
            (0, [record("Home")]),
            (1, [record("A"), record("B", modal: true)]),
            (3, (0..<8).map { record("P\($0)") }),
            (11, [record("M", modal: true), record("N")]),
            (12, []),
            (2, [record("C"), record("D"), record("E"), record("F", modal: true)]),
            (6, [record("G", modal: true)]),
            (1, []),
            (0, [record("Root", modal: true), record("X", modal: true)]),
        ]
        for step in steps {
            state.replace(keeping: step.keep, with: step.changed)
            #expect(
                state.breadcrumb == ScreenTextRenderer.breadcrumb(state.layers),
                "after keeping \(step.keep): \(state.records.map(\.name))")
        }
    }
}
