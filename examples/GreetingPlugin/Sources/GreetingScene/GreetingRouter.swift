import SceneSDK

@MainActor
protocol GreetingRoutingLogic {
    func routeToDetail(segue: Segue?) throws
    func routeToName(segue: Segue?) throws
}

@MainActor
protocol GreetingDataPassing {
    var dataStore: (any GreetingDataStore)? { get }
}

// Other plugins' contracts, as Greeting sees them: their types live in other .so files, so
// Greeting declares values of the same shape (`scene-host list` shows each scene's contract)
// and the host checks them field by field.

/// Detail's declared input (plugin DetailScene).
struct DetailInput: Codable {
    let message: String
}

/// Name's declared input (plugin NameScene).
struct NameInput: Codable {
    let name: String
}

/// Greeting's routes, each written once for the definition and the router: a misspelt name or a
/// payload of another type does not compile.
extension Route where Payload == DetailInput {
    static var detail: Self { Route("Detail") }
}

extension Route where Payload == NameInput {
    // Presented modally when the router takes it in code; `scene-host list` shows "present".
    static var name: Self { Route("Name", style: .present) }
}

/// The result Name hands back when the user saves.
struct NameResult: Codable {
    let name: String
}

final class GreetingRouter: SceneRouter<GreetingViewController, any GreetingDataStore>, GreetingRoutingLogic, GreetingDataPassing {
    // MARK: Routing

    func routeToDetail(segue: Segue?) throws {
        let input = passDataToDetail(source: dataStore)
        if let segue {
            try route(to: .detail, segue: segue, passing: input)
        } else {
            try navigateToDetail(passing: input)
        }
    }

    func routeToName(segue: Segue?) throws {
        let input = passDataToName(source: dataStore)
        if let segue {
            try route(to: .name, segue: segue, passing: input)
        } else {
            try navigateToName(passing: input)
        }
    }

    // MARK: Navigation

    private func navigateToDetail(passing input: DetailInput) throws {
        try route(to: .detail, segue: nil, style: .push, passing: input)
    }

    private func navigateToName(passing input: NameInput) throws {
        try route(to: .name, segue: nil, passing: input)
    }

    // MARK: Passing data

    private func passDataToDetail(source: (any GreetingDataStore)?) -> DetailInput {
        DetailInput(message: source?.greeting ?? "")
    }

    private func passDataToName(source: (any GreetingDataStore)?) -> NameInput {
        NameInput(name: source?.name ?? "")
    }
}
