import SceneHostCommandLine
import ArgumentParser
import SceneHostScaffold
import SceneHostCore

/// `scene-host new plugin PLUGIN`: a package of plugins in the guide's layout, or one more plugin in it.
struct NewPluginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin",
        abstract: "Create a package of scene plugins (or add a plugin to one), ready to build, test and load.",
        discussion: """
            Creates OUTPUT/PACKAGE (PACKAGE defaults to PLUGIN) with the plugin PLUGIN and its scenes: for each \
            --scene NAME a folder Sources/PLUGIN/NAME with the six Clean Swift files new scene makes, and a test \
            file in Tests/PLUGINTests; the plugin type PLUGINPlugin registers every scene, and the first scene \
            has a button to each of the others. Without --scene the plugin has one scene, PLUGIN without a last \
            'Scene'. Each plugin is a .dynamic library of three targets: PLUGIN, PLUGINEntry (its \
            scene_plugin_entry, out of what the tests link) and PLUGINTests. With --into DIR it adds the plugin \
            to the package in DIR, which new plugin made: its files, and one line in the list of plugins in \
            Package.swift. It never overwrites, then prints how to build and test the package and the \
            [plugins.PLUGIN] lines for scenes.conf.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The plugin's name: module, library and config key (e.g. Shop); a Swift type name.", valueName: "PLUGIN"))
    var plugin: String

    @Option(
        name: .customLong("scene"),
        help: ArgumentHelp(
            "A scene of the plugin (repeat for more; the first routes to the others; default: PLUGIN without a "
                + "last 'Scene').",
            valueName: "SCENE"))
    var scenes: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder to create the package in; it must exist (default: the current folder).", valueName: "DIR"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("The package's name and folder (default: PLUGIN).", valueName: "NAME"))
    var package: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Add the plugin to this package, made by 'scene-host new plugin', instead of creating one.",
            valueName: "PACKAGE_DIR"))
    var into: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SceneSDK package folder (Sources/SceneSDK of the host's sources; default: found next to this "
                + "executable).",
            valueName: "DIR"))
    var sdk: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The scenes.conf you will add the plugin to: the printed path is then relative to its folder "
                + "(default: absolute).",
            valueName: "FILE"))
    var config: String?

    func run() throws {
        let command = NewPlugin(
            plugin: plugin, scenes: scenes, output: output, package: package, into: into, sdk: sdk, config: config,
            executable: HostOptions.executablePath)
        do {
            StandardStreams.out(try command.run())
        } catch let error as ScaffoldError {
            StandardStreams.error(error.message)
            throw ExitCode(error.exitStatus.rawValue)
        }
    }
}
