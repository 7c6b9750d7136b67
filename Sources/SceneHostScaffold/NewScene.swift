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
    /// `--language`, as given (`swift`, `c`).
    package var language: String
    /// The C interface header (`CInterface.header`, what `scene-host interface --format c` prints), written
    /// beside a C scene; the command passes it. Unused for a Swift scene.
    package var interfaceHeader: String

    package init(
        name: String, plugin: String?, output: String, sdk: String?, config: String?, executable: String,
        tabs: String? = nil, panes: String? = nil, language: String = SceneLanguage.swift.rawValue,
        interfaceHeader: String = ""
    ) {
        self.name = name
        self.plugin = plugin
        self.output = output
        self.sdk = sdk
        self.config = config
        self.executable = executable
        self.tabs = tabs
        self.panes = panes
        self.language = language
        self.interfaceHeader = interfaceHeader
    }

    /// Creates the package (or the C scene's folder); throws `ScaffoldError` before writing anything when an
    /// input is wrong.
    package func run() throws -> String {
        switch try SceneLanguage(option: language) {
        case .swift: return try runSwift()
        case .c: return try runC()
        }
    }

    private func runSwift() throws -> String {
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

    /// A C scene: NAME.c, scene_host.h, a Makefile and a .gitignore in OUTPUT/PLUGIN, which must not exist.
    private func runC() throws -> String {
        // Names first, as for Swift; then the options only a Swift scene takes.
        let scaffold = try CSceneScaffold(scene: name, plugin: plugin, header: interfaceHeader)
        for (option, value) in [("--sdk", sdk), ("--tabs", tabs), ("--panes", panes)] where value != nil {
            throw ScaffoldError.optionNotForC(option: option)
        }
        let outputFolder = try ScaffoldWriter.outputFolder(output)
        let folder = outputFolder == "/" ? "/" + scaffold.plugin : outputFolder + "/" + scaffold.plugin
        try ScaffoldWriter.checkAbsent(folder)
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
