import Foundation

/// `scene-host new scene`: checks everything, writes the package, returns what to print.
package struct NewScene: Sendable {
    package var name: String
    package var plugin: String?
    /// The folder to create the package in, as given (relative to the current folder).
    package var output: String
    /// `--sdk`, as given; nil to find the SDK next to `executable`.
    package var sdk: String?
    /// `--config`, as given: the printed plugin path is then relative to its folder.
    package var config: String?
    /// The running scene-host, whose checkout holds the default SDK.
    package var executable: String
    /// `--tabs` and `--panes`, as given (`orders:ListOrders,settings:Settings`): a container scene.
    package var tabs: String?
    package var panes: String?

    package init(
        name: String, plugin: String?, output: String, sdk: String?, config: String?, executable: String,
        tabs: String? = nil, panes: String? = nil
    ) {
        self.name = name
        self.plugin = plugin
        self.output = output
        self.sdk = sdk
        self.config = config
        self.executable = executable
        self.tabs = tabs
        self.panes = panes
    }

    /// Creates the package; throws `ScaffoldError` before writing anything when an input is wrong.
    package func run() throws -> String {
        // Names first: a typo in NAME is the likeliest mistake, and needs no file system.
        _ = try SceneScaffold(scene: name, plugin: plugin, sdkPath: ".", testingKit: false)
        let container = try ContainerSlots.from(tabs: tabs, panes: panes, container: name)
        let outputFolder = try ScaffoldWriter.outputFolder(output)
        let sdkLocation = try SDKLocation.find(given: sdk, executable: executable)
        let pluginName = plugin ?? name + "Scene"
        let folder = outputFolder == "/" ? "/" + pluginName : outputFolder + "/" + pluginName
        try ScaffoldWriter.checkAbsent(folder)
        let scaffold = try SceneScaffold(
            scene: name, plugin: plugin, sdkPath: RelativePath.from(folder, to: sdkLocation.path),
            testingKit: sdkLocation.hasTestingKit, container: container)
        try ScaffoldWriter.write(scaffold.files, into: folder)
        let configInfo = config.map { ScaffoldInstructions.Config(path: $0, folder: Self.folder(ofConfig: $0)) }
        return ScaffoldInstructions.text(scaffold, folder: folder, config: configInfo)
    }

    /// The absolute folder of the config file, links resolved when it exists.
    package static func folder(ofConfig config: String) -> String {
        let parent = (config as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        return FileSystemPath.real(folder) ?? FileSystemPath.absolute(folder)
    }
}
