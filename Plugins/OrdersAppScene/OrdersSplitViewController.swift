import SceneSDK

@MainActor
protocol OrdersSplitDisplayLogic: AnyObject {}

/// The Orders tab: the host shows its two panes side by side.
final class OrdersSplitViewController: SceneViewController<any OrdersSplitBusinessLogic, any OrdersSplitRoutingLogic & OrdersSplitDataPassing>, OrdersSplitDisplayLogic {
    override func render() -> Screen {
        Screen(title: "Orders")
    }
}
