import SceneSDK

@MainActor
protocol SettingsRoutingLogic {
    func routeToAbout() throws
    func routeToOrders() throws
}

@MainActor
protocol SettingsDataPassing {
    var dataStore: (any SettingsDataStore)? { get }
}

final class SettingsRouter: SceneRouter<SettingsViewController, any SettingsDataStore>, SettingsRoutingLogic, SettingsDataPassing {
    // MARK: Routing

    /// Pushes About onto the Settings tab's own stack: the Orders tab keeps its stack meanwhile.
    func routeToAbout() throws {
        try route(to: .about, segue: nil)
    }

    /// Selects the Orders tab, as its tab on the tab bar does.
    func routeToOrders() throws {
        try selectTab("orders")
    }
}
