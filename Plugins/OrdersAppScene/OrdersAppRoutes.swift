import SceneSDK

/// The orders app's routes, each written once for the definitions and the routers.
extension Route where Payload == Void {
    /// The Orders tab's first scene: the split of list and order.
    static var ordersSplit: Self { Route("OrdersSplit") }
    /// The Settings tab's first scene.
    static var settings: Self { Route("Settings") }
    /// The list pane's first scene (the ListOrders plugin's).
    static var listOrders: Self { Route("ListOrders") }
    /// The order pane's first scene, until an order is selected.
    static var pickOrder: Self { Route("PickOrder") }
    /// Pushed onto the Settings tab's stack.
    static var about: Self { Route("About", style: .push) }
}
