import Foundation
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostNavigation
@testable import SceneHostFrontend
import SceneTestSupport
import TestSupport

/// The form commands of scripts and the terminal (`toggle`, `choose`, `fill` of a text area or a
/// secret) on a navigator, what records keep of a form, and a restore from them.
@MainActor
@Suite("Form commands")
struct FormCommandTests {
    func navigator() throws -> Navigator {
        let navigator = Navigator(container: try FormProbe.container(), segues: [])
        try navigator.start(at: "Form")
        return navigator
    }

    func summary(_ navigator: Navigator) throws -> String {
        guard case .label(_, let text)? = try navigator.screen().element(id: "summary") else { return "" }
        return text
    }

    @Test("toggle switches over or to the state named; choose takes an index or an option's text")
    func toggleAndChoose() throws {
        let navigator = try navigator()
        try navigator.execute(.toggle(toggle: "notify", isOn: nil))
        try navigator.execute(.toggle(toggle: "wrap", isOn: nil))
        #expect(try summary(navigator) == "notify true, wrap false, days none, pin 0 characters")
        try navigator.execute(.toggle(toggle: "notify", isOn: true))
        try navigator.execute(.choose(choice: "days", option: "14 days"))
        #expect(try summary(navigator) == "notify true, wrap false, days 14 days, pin 0 characters")
        try navigator.execute(.choose(choice: "days", option: "2"))
        try navigator.execute(.fill(field: "pin", text: "1234"))
        #expect(try summary(navigator) == "notify true, wrap false, days 28 days, pin 4 characters")
    }

    @Test("a toggle, choice or option the screen does not have is refused with what there is, and nothing changes")
    func refused() throws {
        let navigator = try navigator()
        let before = try navigator.screen()
        #expect(
            throws: NavigationError.noSuchElement(
                scene: "Form", id: "nope", kind: "toggle", available: ["notify", "wrap"])
        ) {
            try navigator.execute(.toggle(toggle: "nope", isOn: nil))
        }
        #expect(throws: NavigationError.noSuchElement(scene: "Form", id: "notify", kind: "choice", available: ["days"]))
        {
            try navigator.execute(.choose(choice: "notify", option: "1"))
        }
        #expect(throws: NavigationError.optionOutOfRange(scene: "Form", choice: "days", option: 3, count: 3)) {
            try navigator.execute(.choose(choice: "days", option: "3"))
        }
        do {
            try navigator.execute(.choose(choice: "days", option: "14 day"))
            Issue.record("an unknown option was taken")
        } catch let error as NavigationError {
            #expect(
                error.message
                    == "error: choice 'days' of scene 'Form' has no option '14 day'. Did you mean '14 days'? Name an option by its text or its number from 0."
            )
        }
        #expect(
            NavigationError.noSuchOption(scene: "Form", choice: "days", option: "forever", options: ["7", "14"]).message
                == "error: choice 'days' of scene 'Form' has no option 'forever'; its options: 0 7, 1 14. Name one by its text or its number from 0."
        )
        #expect(try navigator.screen() == before)
    }

    @Test(
        "records keep a form's text area, toggles and choice, never its secret; a restore sets them again and leaves the secret empty"
    )
    func recordsAndRestore() throws {
        let navigator = try navigator()
        try navigator.execute(.fill(field: "notes", text: "at the door\nring twice"))
        try navigator.execute(.fill(field: "pin", text: "hunter2"))
        try navigator.execute(.toggle(toggle: "notify", isOn: true))
        try navigator.execute(.toggle(toggle: "wrap", isOn: false))
        try navigator.execute(.choose(choice: "days", option: "1"))
        let changes = navigator.takeRecordChanges(topScreen: try navigator.screen())
        let record = try #require(changes.changed.last)
        #expect(
            record.fields == [
                .init(id: "notes", text: "at the door\nring twice"), .init(id: "notify", text: "on"),
                .init(id: "wrap", text: "off"), .init(id: "days", text: "1"),
            ])
        #expect(!"\(navigator.records())".contains("hunter2"))

        let again = Navigator(container: try FormProbe.container(), segues: [])
        #expect(again.restore(navigator.records()).restored == 1)
        #expect(try summary(again) == "notify true, wrap false, days 14 days, pin 0 characters")
        #expect(
            try again.screen().element(id: "notes")
                == .textArea(id: "notes", label: "Notes", text: "at the door\nring twice"))
        #expect(try again.screen().element(id: "pin") == .secureField(id: "pin", label: "PIN", isFilled: false))
        // ... and says so, once.
        #expect(again.needsAttention)
        #expect(
            again.takeWorkFailure()?.message
                == "notice: 'PIN' of scene 'Form' is empty again: a secret is never kept when a screen is built again, so type it again."
        )
        #expect(again.takeWorkFailure() == nil && !again.needsAttention)
    }

    @Test(
        "a recorded value that no longer fits is left out of the restore: an option past the end, a toggle's unknown word"
    )
    func restoreSkipsWhatDoesNotFit() throws {
        let screen = try navigator().screen()
        #expect(SceneRecord.event(restoring: .init(id: "days", text: "9"), on: screen) == nil)
        #expect(SceneRecord.event(restoring: .init(id: "notify", text: "yes"), on: screen) == nil)
        #expect(SceneRecord.event(restoring: .init(id: "wrap", text: "on"), on: screen) == nil)
        #expect(SceneRecord.event(restoring: .init(id: "pin", text: "x"), on: screen) == nil)
        #expect(
            SceneRecord.event(restoring: .init(id: "notify", text: "on"), on: screen)
                == .set(toggle: "notify", isOn: true))
    }

    @Test("a script's echo of a fill into a secure field hides its text; the screen says only that it is filled")
    func scriptHidesSecrets() async throws {
        var output: [String] = []
        let runner = ScriptRunner(navigator: try navigator()) { output.append($0) }
        let folder = try TemporaryFolder()
        let path = try folder.write("fill pin hunter2\nfill notes \"a\\nb\"\n", to: "form.script")
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var reader = ScriptLineReader(descriptor: descriptor, file: "form.script")
        #expect(try await runner.run(&reader) == 0)
        let transcript = output.joined(separator: "\n")
        #expect(!transcript.contains("hunter2"), "\(transcript)")
        #expect(transcript.contains("> fill pin (hidden)"))
        #expect(transcript.contains("secret  pin      (filled)  (PIN)"))
        #expect(transcript.contains("> fill notes \"a\\nb\""))
    }

    @Test("the terminal asks for a secret unseen on `fill SECRET` alone, and never shows it")
    func terminalAsksForSecret() async throws {
        var lines = ["fill pin", "quit"]
        var output: [String] = []
        var prompts: [String] = []
        let navigator = try navigator()
        let terminal = TerminalFrontend(
            session: InProcessSession(navigator: navigator), clearsScreen: false,
            readLine: { lines.isEmpty ? nil : lines.removeFirst() }, write: { output.append($0) },
            readSecret: { prompt in
                prompts.append(prompt); return "s3cret"
            })
        try await terminal.run()
        #expect(prompts == ["PIN (not shown): "])
        #expect(try summary(navigator) == "notify false, wrap true, days none, pin 6 characters")
        #expect(!output.joined().contains("s3cret"))
    }

    @Test("wait reads what each kind shows; a choice selecting past its options shows nothing chosen, never traps")
    func waitTexts() {
        #expect(
            ScreenWait.text(of: .choice(id: "c", label: "", options: ["a", "b"], selected: 1), kind: "choice") == "b")
        #expect(ScreenWait.text(of: .choice(id: "c", label: "", options: ["a"], selected: 7), kind: "choice") == "")
        #expect(ScreenWait.text(of: .choice(id: "c", label: "", options: ["a"], selected: -2), kind: "choice") == "")
        #expect(ScreenWait.text(of: .toggle(id: "t", title: "T", isOn: true), kind: "toggle") == "on")
        #expect(ScreenWait.text(of: .toggle(id: "t", title: "T", isOn: true), kind: "label") == nil)
        #expect(ScreenWait.text(of: .secureField(id: "s", label: "", isFilled: true), kind: "field") == nil)
        #expect(ScreenWait.text(of: .progress(id: "p", label: "Loading", value: nil), kind: "busy") == "Loading")
    }
}
