import Testing
import SceneSDK
@testable import SceneHostFrontend
@testable import SceneHostWebModel

/// A form post as commands: changed fields become fills, the button's value the command.
@Suite("Web action")
struct WebActionTests {
    private func action(_ body: String, fields: [String: String] = [:]) throws -> WebAction {
        let screen = Screen(
            title: "T",
            elements: fields.sorted { $0.key < $1.key }.map { .textField(id: $0.key, placeholder: "", text: $0.value) })
        return try WebAction(form: try WebForm(body: Array(body.utf8)), screen: screen)
    }

    /// A form of every input kind, one in a section.
    private let form = Screen(
        title: "Loan",
        elements: [
            .textArea(id: "notes", label: "Notes", text: "a"),
            .secureField(id: "pin", label: "PIN", isFilled: true),
            .section(
                id: "options", title: "Options",
                elements: [
                    .toggle(id: "notify", title: "Notify me", isOn: false),
                    .toggle(id: "wrap", title: "Gift wrap", isOn: true),
                    .choice(id: "days", label: "Days", options: ["7", "14", "28"], selected: 0),
                ]),
        ])

    private func action(_ body: String, on screen: Screen) throws -> WebAction {
        try WebAction(form: try WebForm(body: Array(body.utf8)), screen: screen)
    }

    @Test(
        "every command the terminal has",
        arguments: [
            ("action=tap:save", FrontendCommand.tap(button: "save")),
            ("action=select:orders:2", .select(list: "orders", row: 2)),
            ("action=back", .back),
            ("action=back:ListOrders", .backTo(scene: "ListOrders")),
            ("action=dismiss", .dismiss),
        ])
    func commands(body: String, command: FrontendCommand) throws {
        #expect(try action(body).command == command)
    }

    @Test("only fields on screen whose text changed are filled")
    func fills() throws {
        let parsed = try action(
            "field.customer=Ada&field.item=Cake&field.ghost=x&action=tap:save",
            fields: ["customer": "Ada", "item": "Tea"])
        #expect(parsed.fills == [.fill(field: "item", text: "Cake")])
    }

    @Test(
        "an action the page never offers is refused",
        arguments: ["", "action=", "action=tap:", "action=select:orders:-1", "action=select:orders", "action=launch"])
    func unknown(body: String) {
        #expect(throws: WebError.self) { _ = try action(body) }
    }

    @Test("a form's toggles, choice, text area and secure field become commands only where they changed")
    func formInputs() throws {
        // notify checked (was off), wrap not sent although shown (so off), days 2, notes with CR LF, pin typed.
        let body =
            "shown.toggle=notify&shown.toggle=wrap&toggle.notify=on&choice.days=2&area.notes=a%0D%0Ab&secret.pin=1234&action=tap:loan"
        let parsed = try action(body, on: form)
        #expect(
            parsed.fills == [
                .fill(field: "notes", text: "a\nb"), .fill(field: "pin", text: "1234"),
                .toggle(toggle: "notify", isOn: true), .toggle(toggle: "wrap", isOn: false),
                .choose(choice: "days", option: "2"),
            ])
        #expect(parsed.command == .tap(button: "loan"))
    }

    @Test(
        "untouched inputs send nothing: an empty secure field, the same choice, toggles as shown, a toggle the page did not show"
    )
    func untouched() throws {
        let parsed = try action(
            "shown.toggle=wrap&toggle.wrap=on&choice.days=0&area.notes=a&secret.pin=&action=tap:loan", on: form)
        #expect(parsed.fills.isEmpty)
    }

    @Test(
        "a choice's option that the page never offered is refused",
        arguments: ["choice.days=3", "choice.days=-1", "choice.days=x"])
    func unknownOption(field: String) {
        #expect(throws: WebError.self) { _ = try action(field + "&action=tap:loan", on: form) }
    }

    @Test("the digest a session keeps of its last form holds no secret: two PINs give one digest, two texts two")
    func digestHoldsNoSecret() throws {
        func digest(_ body: String) throws -> String {
            WebController.Posted(
                form: try WebForm(body: Array(body.utf8)), target: WebPath("/s/Loan"), path: "/s/Loan", cookie: nil,
                context: WebController.PostContext(origin: nil, fetchSite: nil, host: nil, client: "127.0.0.1")
            ).digest
        }
        #expect(try digest("secret.pin=1234&action=tap:loan") == digest("secret.pin=9999&action=tap:loan"))
        #expect(try digest("secret.pin=1234&action=tap:loan") != digest("secret.pin=&action=tap:loan"))
        #expect(try digest("area.notes=a&action=tap:loan") != digest("area.notes=b&action=tap:loan"))
    }
}
