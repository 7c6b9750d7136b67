import Testing
@_spi(SceneTesting) import SceneSDK
import SceneTesting
import SceneTestSupport

/// The form elements of issue 34 in the SDK: events are checked against them as taps are, the kit
/// drives them, and a section's elements are found like any other.
@MainActor
@Suite("Form elements")
struct FormElementTests {
    let screen = Screen(
        title: "Loan",
        elements: [
            .textArea(id: "notes", label: "Notes", text: ""),
            .secureField(id: "pin", label: "PIN", isFilled: false),
            .section(
                id: "options", title: "Options",
                elements: [
                    .toggle(id: "notify", title: "Notify me", isOn: false),
                    .choice(id: "days", label: "Days", options: ["7", "14"], selected: nil),
                    .section(id: "inner", title: "Inner", elements: [.button(id: "deep", title: "Deep")]),
                ]),
            .progress(id: "load", label: "Loading", value: nil),
        ])

    @Test("events fit their own kind of element, inside sections too")
    func eventsFit() {
        #expect(screen.mismatch(for: .edit(field: "notes", text: "a\nb")) == nil)
        #expect(screen.mismatch(for: .edit(field: "pin", text: "1")) == nil)
        #expect(screen.mismatch(for: .set(toggle: "notify", isOn: true)) == nil)
        #expect(screen.mismatch(for: .choose(choice: "days", option: 1)) == nil)
        #expect(screen.mismatch(for: .tap(button: "deep")) == nil)
        #expect(screen.element(id: "deep") == .button(id: "deep", title: "Deep"))
        #expect(screen.allElements.map(\.id) == ["notes", "pin", "options", "notify", "days", "inner", "deep", "load"])
    }

    @Test("an event of another kind, or an option past the end, is refused naming what there is")
    func eventsRefused() {
        #expect(
            screen.mismatch(for: .set(toggle: "days", isOn: true))
                == .noSuchElement(id: "days", kind: "toggle", available: ["notify"]))
        #expect(
            screen.mismatch(for: .choose(choice: "days", option: 2))
                == .optionOutOfRange(choice: "days", option: 2, count: 2))
        #expect(
            screen.mismatch(for: .choose(choice: "days", option: -1))
                == .optionOutOfRange(choice: "days", option: -1, count: 2))
        #expect(
            screen.mismatch(for: .edit(field: "notify", text: "x"))
                == .noSuchElement(id: "notify", kind: "text field", available: ["notes", "pin"]))
        #expect(
            screen.mismatch(for: .tap(button: "load"))
                == .noSuchElement(id: "load", kind: "button", available: ["deep"]))
    }

    @Test("labels for people: a text area's, a secret's and a choice's label, else the id")
    func fieldLabels() {
        #expect(ScreenElement.textArea(id: "notes", label: "", text: "").fieldLabel == "notes")
        #expect(ScreenElement.secureField(id: "pin", label: "PIN", isFilled: false).fieldLabel == "PIN")
        #expect(ScreenElement.choice(id: "days", label: "Days", options: [], selected: nil).fieldLabel == "Days")
        #expect(ScreenElement.toggle(id: "t", title: "T", isOn: false).fieldLabel == nil)
    }

    @Test("a list is written with plain titles or rows with details; a literal is the rows")
    func listRows() {
        let names = ["Dune", "Emma"]
        #expect(
            ScreenElement.list(id: "l", rows: names)
                == .list(id: "l", rows: [ListRow(title: "Dune"), ListRow(title: "Emma")]))
        #expect(ScreenElement.list(id: "l", rows: []) == .list(id: "l", rows: [ListRow]()))
        #expect(ScreenElement.list(id: "l", rows: ["Dune", ListRow(title: "Emma", detail: "due")]).id == "l")
    }

    @Test("the kit switches toggles, chooses by index or text, types secrets, and reads each element's text")
    func kitDrivesForms() throws {
        let kit = SceneTestKit()
        try kit.load(FormProbe.definition)
        try kit.start("Form")
        try kit.toggle("notify")
        try kit.set("wrap", isOn: false)
        try kit.choose("days", option: "28 days")
        try kit.edit("pin", text: "1234")
        #expect(try kit.text("summary") == "notify true, wrap false, days 28 days, pin 4 characters")
        #expect(try kit.text("days") == "28 days")
        #expect(try kit.text("pin") == "")
        try kit.choose("days", option: 0)
        #expect(try kit.text("days") == "7 days")
        #expect(throws: SceneTestingError.optionOutOfRange(scene: "Form", choice: "days", option: 5, count: 3)) {
            try kit.choose("days", option: 5)
        }
        #expect(
            throws: SceneTestingError.noSuchOption(
                scene: "Form", choice: "days", option: "14 day", options: FormProbeViewController.dayOptions)
        ) {
            try kit.choose("days", option: "14 day")
        }
        #expect(
            SceneTestingError.noSuchOption(
                scene: "Form", choice: "days", option: "14 day", options: FormProbeViewController.dayOptions
            ).description
                == "'Form': choice 'days' has no option '14 day'. Did you mean '14 days'?")
        #expect(
            throws: SceneTestingError.noSuchElement(
                scene: "Form", id: "days", kind: "toggle", available: ["notify", "wrap"])
        ) { try kit.set("days", isOn: true) }
        try kit.assertReleased()
    }
}
