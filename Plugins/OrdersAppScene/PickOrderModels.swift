/// PickOrder's use cases: it only asks the user to select an order in the list beside it.
enum PickOrder {}
