import SceneSDK

@MainActor
protocol TastingRoutingLogic {
    func routeToTea() throws
    func routeToRating() throws
}

@MainActor
protocol TastingDataPassing {
    var dataStore: (any TastingDataStore)? { get }
}

/// Tea's declared input, as Tasting sees it: Tea is a C scene of another library, with no Swift type
/// to import; the host checks this value against Tea's `declare_input` before navigating.
struct TeaInput: Codable {
    let name: String
    let price: Double
    let organic: Bool
}

/// Rating's declared input (Rating is a C++ scene), as Tasting sees it.
struct RatingInput: Codable {
    let subject: String
}

/// Tasting's routes, each written once for the definition and the router.
extension Route where Payload == TeaInput {
    static var tea: Self { Route("Tea", style: .push) }
}

extension Route where Payload == RatingInput {
    /// Modal: Rating and the Comment it pushes leave together, back to Tasting.
    static var rating: Self { Route("Rating", style: .present) }
}

final class TastingRouter: SceneRouter<TastingViewController, any TastingDataStore>, TastingRoutingLogic, TastingDataPassing {
    // MARK: Routing

    func routeToTea() throws {
        try navigateToTea(passing: passDataToTea(source: dataStore))
    }

    func routeToRating() throws {
        try navigateToRating(passing: passDataToRating(source: dataStore))
    }

    // MARK: Navigation

    private func navigateToTea(passing input: TeaInput) throws {
        try route(to: .tea, segue: nil, passing: input)
    }

    private func navigateToRating(passing input: RatingInput) throws {
        try route(to: .rating, segue: nil, passing: input)
    }

    // MARK: Passing data

    private func passDataToTea(source: (any TastingDataStore)?) -> TeaInput {
        TeaInput(name: source?.teaName ?? "", price: source?.teaPrice ?? 0, organic: source?.teaIsOrganic ?? false)
    }

    private func passDataToRating(source: (any TastingDataStore)?) -> RatingInput {
        RatingInput(subject: source?.teaName ?? "")
    }
}
