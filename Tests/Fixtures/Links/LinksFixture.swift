import SceneSDK

/// Scenes with deep links, for the link tests.
///
/// LinkHome (initial) routes to LinkList, which routes to LinkItem (input `ItemInput`, link
/// `items/{id}`) and LinkSearch (input `SearchInput`, link `search/{query}/{exact}/{limit}`: one
/// parameter of each type but Int). LinkItem's link function refuses a negative id (it throws), so
/// a failed opening can be seen to change nothing. LinkSearch's crashes on the query `crash`
/// (`SearchLink.crashingQuery`), a fault in the scene worker. LinkList's router handles a segue to LinkSearch
/// (a config may declare one, e.g. presented), passing an empty search.
enum LinksFixturePlugin: ScenePlugin {
    static let name = "FixtureLinks"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(scene("LinkHome").route(to: "LinkList"))
        try registry.register(
            scene("LinkList")
                .route(to: "LinkItem", passing: ItemInput.self)
                .route(to: "LinkSearch", passing: SearchInput.self, handler: LinkRouter.routeToLinkSearch)
        )
        try registry.register(
            scene("LinkItem")
                .accepting(ItemInput.self) { dataStore, input in dataStore?.text = "item #\(input.id)" }
                .link("items/{id}", parameters: ItemLink.self) { link in
                    guard link.id >= 0 else { throw NegativeID() }
                    return ItemInput(id: link.id)
                }
        )
        try registry.register(
            scene("LinkSearch")
                .accepting(SearchInput.self) { dataStore, input in
                    dataStore?.text = "search \(input.query) exact \(input.exact) limit \(input.limit)"
                }
                .link("search/{query}/{exact}/{limit}", parameters: SearchLink.self) { link in
                    // A bug on one input, as real link functions have: the worker crashes.
                    if link.query == SearchLink.crashingQuery, let address = UnsafeMutablePointer<Int>(bitPattern: 16) { address.pointee = 1 }
                    return SearchInput(query: link.query, exact: link.exact, limit: link.limit)
                }
        )
    }

    @MainActor private static func scene(_ name: String) -> SceneDefinition<LinkViewController, LinkInteractor, ScenePresenter<LinkViewController>, LinkRouter> {
        SceneDefinition(name, viewController: LinkViewController.init, interactor: { _ in LinkInteractor(title: name) },
                        presenter: ScenePresenter<LinkViewController>.init, router: LinkRouter.init)
    }
}

struct ItemInput: Codable { var id: Int }
struct ItemLink: Decodable { let id: Int }
struct SearchInput: Codable { var query: String; var exact: Bool; var limit: Double }
struct SearchLink: Decodable {
    /// The query whose link function crashes (`search/crash/true/1`).
    static let crashingQuery = "crash"
    let query: String; let exact: Bool; let limit: Double
}

struct NegativeID: Error, CustomStringConvertible {
    var description: String { "no item has a negative id" }
}

final class LinkViewController: SceneViewController<LinkInteractor, LinkRouter> {
    override func render() -> Screen {
        Screen(title: interactor?.title ?? "", elements: [.label(id: "text", text: interactor?.text ?? ""), .textField(id: "note", placeholder: "note", text: interactor?.note ?? "")])
    }

    override func handle(_ event: UserEvent) throws {
        if case .edit("note", let text) = event { interactor?.note = text }
    }
}

final class LinkInteractor: SceneInteractor<ScenePresenter<LinkViewController>> {
    let title: String
    var text = ""
    var note = ""

    init(title: String) {
        self.title = title
    }
}

final class LinkRouter: SceneRouter<LinkViewController, LinkInteractor> {
    func routeToLinkSearch(segue: Segue?) throws {
        try route(to: "LinkSearch", segue: segue, passing: SearchInput(query: "", exact: false, limit: 0))
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { LinksFixturePlugin.exportDescriptor() }
