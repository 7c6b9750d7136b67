import SceneSDK

@MainActor
protocol MainDisplayLogic: AnyObject {}

/// The app's frame: its title names the tab bar the host draws above the shown tab.
final class MainViewController: SceneViewController<any MainBusinessLogic, any MainRoutingLogic & MainDataPassing>, MainDisplayLogic {
    override func render() -> Screen {
        Screen(title: "Orders app")
    }
}
