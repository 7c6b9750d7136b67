import Testing
@testable import SceneHostFrontend
@testable import SceneHostWebModel

/// A form post as commands: changed fields become fills, the button's value the command.
@Suite("Web action")
struct WebActionTests {
    private func action(_ body: String, fields: [String: String] = [:]) throws -> WebAction {
        try WebAction(form: try WebForm(body: Array(body.utf8)), fieldsOnScreen: fields)
    }

    @Test("every command the terminal has", arguments: [
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
        let parsed = try action("field.customer=Ada&field.item=Cake&field.ghost=x&action=tap:save", fields: ["customer": "Ada", "item": "Tea"])
        #expect(parsed.fills == [.fill(field: "item", text: "Cake")])
    }

    @Test("an action the page never offers is refused", arguments: ["", "action=", "action=tap:", "action=select:orders:-1", "action=select:orders", "action=launch"])
    func unknown(body: String) {
        #expect(throws: WebError.self) { _ = try action(body) }
    }
}
