import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostNavigation
@testable import SceneHostGraph

/// What `check` says about declared links, with the exact texts.
/// Names the checks below share, outside the main actor so test arguments can use them.
enum LinkCheckValues {
    static let plugin = PluginReference(
        name: "Shop", path: "/apps/libShop.so", location: SourceLocation(file: "shop.conf", line: 3, column: 1))
    static let other = PluginReference(
        name: "Extra", path: "/apps/libExtra.so", location: SourceLocation(file: "shop.conf", line: 6, column: 1))

    nonisolated static func contract(_ type: String, _ fields: [(String, PayloadSchema)]) -> ContractInfo {
        ContractInfo(
            typeName: type,
            schema: .object(type: type, fields: fields.map { PayloadSchema.Field(name: $0.0, schema: $0.1) }))
    }

    static let orderInput = contract("ShowOrderInput", [("orderID", .int)])
    static let orderLink = DeclaredLink(
        template: "orders/{id}", parameters: LinkCheckValues.contract("OrderLink", [("id", .int)]),
        input: LinkCheckValues.orderInput)

}

@MainActor
@Suite("Link check")
struct LinkCheckTests {
    typealias V = LinkCheckValues
    /// A scene whose routes pass what the linked scenes take (`payloads`).
    static func scene(
        _ name: String, input: ContractInfo? = nil, routes: [String] = [], link: DeclaredLink? = nil,
        payloads: [String: ContractInfo] = ["ShowOrder": V.orderInput, "Receipt": V.orderInput]
    ) -> SceneDescription {
        SceneDescription(
            name: name, input: input, acceptedResult: nil, returnedResult: nil,
            routes: routes.map { DeclaredRoute(destination: $0, handlerName: nil, payload: payloads[$0]) }, link: link)
    }

    /// A graph of `scenes` (plugin Shop) and `others` (plugin Extra), starting at Home.
    static func graph(_ scenes: [SceneDescription], others: [SceneDescription] = []) throws -> SceneGraph {
        let container = SceneContainer()
        func metadata(_ scenes: [SceneDescription]) -> PluginMetadata {
            PluginMetadata(
                name: "Shop", version: "1", sdkVersion: SemanticVersion(major: 1, minor: 0, patch: 0),
                sdkFingerprint: "", swiftVersion: "6.3.1", scenes: scenes)
        }
        try container.addPending(metadata(scenes), from: V.plugin) {}
        if !others.isEmpty { try container.addPending(metadata(others), from: V.other) {} }
        let location = SourceLocation(file: "shop.conf", line: 1, column: 11)
        let config = SceneConfig(
            file: "shop.conf", baseDirectory: "/", initial: Located(value: "Home", location: location), plugins: [],
            segues: [])
        return SceneGraph(config: config, container: container)
    }

    static func messages(_ scenes: [SceneDescription], others: [SceneDescription] = []) throws -> [String] {
        GraphChecker.problems(in: try graph(scenes, others: others)).map { ErrorMessage.render($0) }
    }

    @Test("a link reached through scenes without input is valid: its table entry has the stack and the types")
    func valid() throws {
        let graph = try Self.graph([
            Self.scene("Home", routes: ["List"]), Self.scene("List", routes: ["ShowOrder"]),
            Self.scene("ShowOrder", input: V.orderInput, link: V.orderLink),
        ])
        #expect(GraphChecker.problems(in: graph) == [])
        #expect(graph.links.declared == ["orders/{id: Int}"])
        #expect(
            graph.links.entries.first?.steps == [
                LinkOpening.Step(scene: "Home", style: .replace), LinkOpening.Step(scene: "List", style: .push),
                LinkOpening.Step(scene: "ShowOrder", style: .push),
            ])
    }

    @Test(
        "each problem of one link, located and saying what to do",
        arguments: [
            (
                DeclaredLink(
                    template: "orders//{id}", parameters: LinkCheckValues.contract("OrderLink", [("id", .int)]),
                    input: LinkCheckValues.orderInput),
                "shop.conf:3:1: error: link 'orders//{id}' of scene 'ShowOrder' (plugin 'Shop'): the template has an empty segment at position 2. A template is literal words (a-z, 0-9, '-', '_', '.') and {name} placeholders separated by '/', e.g. \"orders/{id}\"."
            ),
            (
                DeclaredLink(
                    template: "orders/{number}", parameters: LinkCheckValues.contract("OrderLink", [("id", .int)]),
                    input: LinkCheckValues.orderInput),
                "shop.conf:3:1: error: link 'orders/{number}' of scene 'ShowOrder' (plugin 'Shop'): the placeholder {number} names no field of OrderLink (its fields: id). Rename the placeholder or add the field."
            ),
            (
                DeclaredLink(
                    template: "orders/{id}",
                    parameters: LinkCheckValues.contract("OrderLink", [("id", .int), ("line", .int)]),
                    input: LinkCheckValues.orderInput),
                "shop.conf:3:1: error: link 'orders/{id}' of scene 'ShowOrder' (plugin 'Shop'): field 'line' of OrderLink has no placeholder in the template. Add {line} to the template or remove the field."
            ),
            (
                DeclaredLink(
                    template: "orders/{id}", parameters: LinkCheckValues.contract("OrderLink", [("id", .array(.int))]),
                    input: LinkCheckValues.orderInput),
                "shop.conf:3:1: error: link 'orders/{id}' of scene 'ShowOrder' (plugin 'Shop'): field 'id' is a [Int]; a link's parameters are Int, String, Bool or Double."
            ),
            (
                DeclaredLink(
                    template: "orders/{id}", parameters: ContractInfo(typeName: "Int", schema: .int),
                    input: LinkCheckValues.orderInput),
                "shop.conf:3:1: error: link 'orders/{id}' of scene 'ShowOrder' (plugin 'Shop'): the parameters type Int is not a struct of fields. Declare a struct with one Int, String, Bool or Double field per placeholder."
            ),
            (
                DeclaredLink(
                    template: "orders/{id}", parameters: LinkCheckValues.contract("OrderLink", [("id", .int)]),
                    input: LinkCheckValues.contract("Other", [("orderID", .string)])),
                "shop.conf:3:1: error: link 'orders/{id}' of scene 'ShowOrder' (plugin 'Shop'): the link builds Other, which does not fit the scene's input ShowOrderInput: field 'orderID': expected Int, given String."
            ),
        ])
    func oneProblem(link: DeclaredLink, message: String) throws {
        let messages = try Self.messages([
            Self.scene("Home", routes: ["ShowOrder"]), Self.scene("ShowOrder", input: V.orderInput, link: link),
        ])
        #expect(messages == [message])
    }

    @Test("a linked scene without input, one no route reaches, and one behind a scene that needs an input")
    func reachability() throws {
        #expect(
            try Self.messages([
                Self.scene("Home", routes: ["ShowOrder"], payloads: [:]), Self.scene("ShowOrder", link: V.orderLink),
            ]) == [
                "shop.conf:3:1: error: link 'orders/{id}' of scene 'ShowOrder' (plugin 'Shop'): the scene declares no input for the link to build. Declare it with .accepting(Input.self) { ... }."
            ])
        // Out of this app's reach: the plugin is sound, the app has no such link; a warning, as for the scene.
        let unreachable = try Self.graph([
            Self.scene("Home"), Self.scene("ShowOrder", input: V.orderInput, link: V.orderLink),
        ])
        #expect(GraphChecker.problems(in: unreachable).isEmpty)
        #expect(
            GraphChecker.warnings(in: unreachable).map(\.message).last
                == "shop.conf:3:1: warning: link 'orders/{id}' of scene 'ShowOrder' (plugin 'Shop') cannot be opened in this app: no declared route leads from the initial scene 'Home' to it, so no stack can be built. Declare a segue or a route to it. Until then the app has no such link."
        )
        #expect(unreachable.links.entries.isEmpty)
        let gate = V.contract("GateInput", [("code", .string)])
        let blocked = try Self.graph([
            Self.scene("Home", routes: ["Gate"]), Self.scene("Gate", input: gate, routes: ["ShowOrder"]),
            Self.scene("ShowOrder", input: V.orderInput, link: V.orderLink),
        ])
        // The route Home -> Gate passes nothing to a scene that needs an input: an error of its own; the link is unavailable (a warning).
        #expect(
            GraphChecker.warnings(in: blocked).map(\.message).last
                == "shop.conf:3:1: warning: link 'orders/{id}' of scene 'ShowOrder' (plugin 'Shop') cannot be opened in this app: every route from the initial scene 'Home' to it passes through 'Gate', which needs an input (GateInput) a link cannot build. Declare a route to it through scenes that take no input. Until then the app has no such link."
        )
    }

    /// Scenes are checked in name order: the later one is reported, naming the first.
    @Test("two links of the same shape name both scenes and plugins")
    func duplicate() throws {
        let other = DeclaredLink(
            template: "orders/{number}", parameters: V.contract("OtherLink", [("number", .int)]), input: V.orderInput)
        let messages = try Self.messages(
            [
                Self.scene("Home", routes: ["ShowOrder", "Receipt"]),
                Self.scene("ShowOrder", input: V.orderInput, link: V.orderLink),
            ],
            others: [Self.scene("Receipt", input: V.orderInput, link: other)])
        #expect(
            messages == [
                "shop.conf:3:1: error: link 'orders/{id}' of scene 'ShowOrder' (plugin 'Shop') has the same shape as link 'orders/{number}' of scene 'Receipt' (plugin 'Extra', shop.conf:6:1): a path would match both. Change one of the templates' literal words."
            ])
        #expect(
            ExitStatus(
                for: try #require(
                    GraphChecker.problems(
                        in: try Self.graph([Self.scene("Home"), Self.scene("ShowOrder", link: V.orderLink)])
                    ).first)) == .sceneGraphError)
    }
}
