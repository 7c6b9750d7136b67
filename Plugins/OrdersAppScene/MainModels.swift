/// Main's use cases, as Clean Swift models: it has none of its own. It is a container (the app's
/// tab bar): what it shows is its tabs' scenes, and the host draws the tab bar.
enum Main {}
