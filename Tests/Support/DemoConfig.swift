/// Config texts pointing at the built plugins by absolute path.
package enum DemoConfig {
    package static let segue = """

        [[segues]]
        from = "Home"
        id = "showDetail"
        to = "Detail"
        style = "push"
        """

    /// The demo app: Home and Detail, with the `showDetail` segue.
    package static var text: String {
        config(plugins: [
            ("HomeScene", BuildProducts.library("HomeScene")), ("DetailScene", BuildProducts.library("DetailScene")),
        ]) + segue
    }

    /// A config listing `plugins` in order, starting at `initial`.
    package static func config(initial: String = "Home", plugins: [(name: String, path: String)]) -> String {
        var lines = ["initial = \"\(initial)\""]
        for plugin in plugins {
            lines += ["", "[plugins.\(plugin.name)]", "path = \"\(plugin.path)\""]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
