import SceneSDK

@MainActor
protocol HomeRoutingLogic {
    func routeToDetail(segue: Segue?) throws
}

@MainActor
protocol HomeDataPassing {
    var dataStore: (any HomeDataStore)? { get }
}

/// Detail's declared input, as Home sees it: Detail lives in another .so, so Home cannot import
/// its type; the host checks that this value fits Detail's declaration before navigating.
struct DetailInput: Codable {
    let message: String
}

/// Home's route to Detail, written once for the definition and the router.
extension Route where Payload == DetailInput {
    static var detail: Self { Route("Detail") }
}

final class HomeRouter: SceneRouter<HomeViewController, any HomeDataStore>, HomeRoutingLogic, HomeDataPassing {
    // MARK: Routing

    /// Found by name (`routeToDetail`) when the `showDetail` segue fires; called with nil by the
    /// "Open detail" button, and then navigates itself.
    func routeToDetail(segue: Segue?) throws {
        let input = passDataToDetail(source: dataStore)
        if let segue {
            try route(to: .detail, segue: segue, passing: input)
        } else {
            try navigateToDetail(passing: input)
        }
    }

    // MARK: Navigation

    private func navigateToDetail(passing input: DetailInput) throws {
        try route(to: .detail, segue: nil, style: .push, passing: input)
    }

    // MARK: Passing data

    private func passDataToDetail(source: (any HomeDataStore)?) -> DetailInput {
        DetailInput(message: source?.message ?? "")
    }
}
