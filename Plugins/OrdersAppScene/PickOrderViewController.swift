import SceneSDK

@MainActor
protocol PickOrderDisplayLogic: AnyObject {}

/// The order pane before an order is selected.
final class PickOrderViewController: SceneViewController<any PickOrderBusinessLogic, any PickOrderRoutingLogic & PickOrderDataPassing>, PickOrderDisplayLogic {
    override func render() -> Screen {
        Screen(title: "No order selected", elements: [.label(id: "hint", text: "Select an order in the list to see it here.")])
    }
}
