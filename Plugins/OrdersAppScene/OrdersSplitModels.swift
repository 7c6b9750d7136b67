/// OrdersSplit's use cases: none of its own. It is a container of two panes, the orders list and
/// the order selected in it; ListOrders shows an order in the detail pane by a route that names it.
enum OrdersSplit {}
