@_spi(SceneHost) import SceneSDK

/// A role of a C scene: a function the host calls by name, `<Scene><name>`.
///
/// The host passes `parameters` in order; a plugin declares (`declare_role`) a signature taking the
/// first N of them, so a role takes only what it needs. One table for the runtime, the header and the
/// interface description (`CInterface`), so the three cannot disagree.
package struct CRole: Equatable, Sendable {
    /// One parameter the host passes.
    package struct Parameter: Equatable, Sendable {
        package let name: String
        /// Its type in the signature grammar of native functions (`pointer`, `string`, `int64`, ...).
        package let type: String
        package let meaning: String
    }

    /// `ViewController_render`, `Router_routeToHomeWithSegue`, ...
    package let name: String
    /// The signature grammar's return type (`void`, `pointer`, `int32`).
    package let returns: String
    package let parameters: [Parameter]
    /// When a scene must export it.
    package let requirement: Requirement
    /// What the host calls it for, and what it must do.
    package let meaning: String

    /// When a scene must declare and export a role.
    package enum Requirement: String, Equatable, Sendable {
        /// Every scene.
        case always
        /// A scene that declares an input (`declare_input`).
        case withInput = "with an input"
        /// A scene that declares an accepted result.
        case withAcceptedResult = "with an accepted result"
        /// A scene that declares a returned result.
        case withReturnedResult = "with a returned result"
        /// Never: the host calls it when it is there.
        case optional
    }

    /// The function's name for `scene`: `DetailViewController_render`.
    package func symbol(scene: String) -> String { scene + name }

    /// The signature taking every parameter: `void(pointer, pointer)`.
    package var fullSignature: String {
        "\(returns)(\(parameters.map(\.type).joined(separator: ", ")))"
    }
}

extension CRole {
    static let store = Parameter(name: "store", type: "pointer", meaning: "what <Scene>Interactor_create returned")

    /// The roles every scene may have, in the order the interface lists them; a route handler's
    /// name depends on its destination (`routeHandler(toward:)`), and the fields of an input or a
    /// result follow the store (`withFields`).
    package static let catalogue: [CRole] =
        [
            CRole(
                name: "Interactor_create", returns: "pointer",
                parameters: [
                    Parameter(name: "scene", type: "pointer", meaning: "the scene, for route, route_back and fail")
                ],
                requirement: .always,
                meaning: "Makes the scene's state (its DataStore) when the scene is built; NULL refuses to build it."),
            CRole(
                name: "Interactor_destroy", returns: "void", parameters: [store], requirement: .always,
                meaning: "Frees the scene's state when the scene is gone."),
            CRole(
                name: "DataStore_acceptInput", returns: "void", parameters: [store], requirement: .withInput,
                meaning: "Takes the scene's input, one argument per declared field in order, before viewDidLoad."),
            CRole(
                name: "DataStore_acceptResult", returns: "void", parameters: [store], requirement: .withAcceptedResult,
                meaning: "Takes a result from a scene that returned, one argument per declared field in order."),
            CRole(
                name: "Router_produceResult", returns: "int32",
                parameters: [
                    store,
                    Parameter(name: "result", type: "pointer", meaning: "a payload of the declared type to fill"),
                ],
                requirement: .withReturnedResult,
                meaning: "Fills the result the scene hands back as it leaves; returns 1, or 0 to hand back none."),
            CRole(
                name: "ViewController_viewDidLoad", returns: "void", parameters: [store], requirement: .optional,
                meaning: "Called once, after the input, before the first render."),
            CRole(
                name: "ViewController_viewWillAppear", returns: "void", parameters: [store], requirement: .optional,
                meaning: "Called each time the scene becomes the one on screen."),
            CRole(
                name: "ViewController_render", returns: "void",
                parameters: [store, Parameter(name: "screen", type: "pointer", meaning: "the screen to fill")],
                requirement: .always,
                meaning: "Fills the scene's screen from its state. Called after every event; keep it cheap."),
        ] + UserEvent.cRoles

    /// The role that handles segues to `destination`: `Router_routeTo<Destination>WithSegue`.
    package static func routeHandler(toward destination: String) -> CRole {
        CRole(
            name: "Router_" + RouteHandlerName.forDestination(destination) + "WithSegue", returns: "void",
            parameters: [store, Parameter(name: "segue", type: "string", meaning: "the segue's id (the button's)")],
            requirement: .optional,
            meaning:
                "Called when a segue to \(destination) fires: pass its input with route(scene, \"\(destination)\", payload)."
        )
    }

    /// The role with one more parameter per field of `schema` (an input's or a result's).
    package func withFields(_ fields: [PayloadSchema.Field]) -> CRole {
        CRole(
            name: name, returns: returns,
            parameters: parameters
                + fields.map {
                    Parameter(
                        name: $0.name, type: CFieldType.signatureType(of: $0.schema) ?? "?",
                        meaning: "the field \($0.name)")
                },
            requirement: requirement, meaning: meaning)
    }
}

extension UserEvent {
    /// The role handling each kind of event: one per case, so a new kind of event cannot be added
    /// to the SDK without a role for C scenes (the switch has no default).
    package static func cRole(for event: UserEvent) -> CRole {
        let store = CRole.store
        switch event {
        case .edit:
            return CRole(
                name: "ViewController_handleEdit", returns: "void",
                parameters: [
                    store, .init(name: "field", type: "string", meaning: "the field's id"),
                    .init(name: "text", type: "string", meaning: "what it holds now"),
                ],
                requirement: .optional, meaning: "The user changed a text field, text area or secure field.")
        case .tap:
            return CRole(
                name: "ViewController_handleTap", returns: "void",
                parameters: [store, .init(name: "button", type: "string", meaning: "the button's id")],
                requirement: .optional, meaning: "The user tapped a button that performs no segue.")
        case .select:
            return CRole(
                name: "ViewController_handleSelect", returns: "void",
                parameters: [
                    store, .init(name: "list", type: "string", meaning: "the list's id"),
                    .init(name: "row", type: "int64", meaning: "the row, from 0"),
                ],
                requirement: .optional, meaning: "The user selected a row of a list.")
        case .set:
            return CRole(
                name: "ViewController_handleSet", returns: "void",
                parameters: [
                    store, .init(name: "toggle", type: "string", meaning: "the toggle's id"),
                    .init(name: "is_on", type: "bool", meaning: "its new state"),
                ],
                requirement: .optional, meaning: "The user switched a toggle.")
        case .choose:
            return CRole(
                name: "ViewController_handleChoose", returns: "void",
                parameters: [
                    store, .init(name: "choice", type: "string", meaning: "the choice's id"),
                    .init(name: "option", type: "int64", meaning: "the option, from 0"),
                ],
                requirement: .optional, meaning: "The user chose an option of a choice.")
        }
    }

    /// One example of each kind of event, in the order the interface lists their roles.
    package static let everyKind: [UserEvent] = [
        .edit(field: "", text: ""), .tap(button: ""), .select(list: "", row: 0), .set(toggle: "", isOn: false),
        .choose(choice: "", option: 0),
    ]

    static var cRoles: [CRole] { everyKind.map(cRole(for:)) }
}
