import SceneSDK

@MainActor
protocol AboutDisplayLogic: AnyObject {}

/// Pushed onto the Settings tab: Back returns to Settings, and the tab keeps it while another is shown.
final class AboutViewController: SceneViewController<any AboutBusinessLogic, any AboutRoutingLogic & AboutDataPassing>, AboutDisplayLogic {
    override func render() -> Screen {
        Screen(title: "About", elements: [
            .label(id: "about", text: "The orders example: five plugins, one of them in C, each scene loaded at run time."),
        ])
    }
}
