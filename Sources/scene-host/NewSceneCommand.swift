import SceneHostCommandLine
import ArgumentParser
import SceneHostScaffold
import SceneHostCore
import SceneHostCInterface

/// `scene-host new scene NAME`: a plugin package with one Clean Swift scene, its test and the
/// lines to add to scenes.conf.
struct NewSceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Create a plugin package with one Clean Swift scene, ready to build, test and load.",
        discussion: """
            Creates OUTPUT/PLUGIN: Package.swift, the six Clean Swift files of the scene (NAMEViewController, \
            NAMEInteractor, NAMEPresenter, NAMERouter, NAMEModels, NAMEWorker), the plugin entry PLUGIN.swift, \
            a test and a .gitignore, then prints how to build and test it and the [plugins.PLUGIN] lines for \
            scenes.conf. It never overwrites: the folder OUTPUT/PLUGIN must not exist. The package depends \
            on SceneSDK by a relative path: by default the Sources/SceneSDK of the checkout this scene-host \
            was built in (found from the executable's location); an installed scene-host needs --sdk. \
            With --tabs or --panes the scene is a container: its definition declares each slot (.tab or .pane) \
            with the scene it shows first, and its test drives it with the testing kit. \
            With --language c it creates OUTPUT/PLUGIN with a scene in C instead: NAME.c (the scene's Clean Swift \
            parts as sections of one file, and the roles the host calls), scene_host.h (this host's C interface) and \
            a Makefile that builds libPLUGIN.so with cc; NAME and PLUGIN must then be C identifiers.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The scene's name, the prefix of its types (e.g. Weather): a Swift identifier starting with an upper-case letter (with --language c: a C identifier).",
            valueName: "NAME"))
    var name: String

    @Option(name: .long, help: ArgumentHelp("The folder to create the package in; it must exist.", valueName: "DIR"))
    var output: String = "."

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The plugin's name: package, module, library and config key (default: NAMEScene).", valueName: "PLUGIN"))
    var plugin: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SceneSDK package folder (Sources/SceneSDK of the host's sources; default: found next to this executable).",
            valueName: "DIR"))
    var sdk: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The scenes.conf you will add the plugin to: the printed path is then relative to its folder (default: absolute).",
            valueName: "FILE"))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Make NAME a container of tabs: each tab's name and the scene it shows first, e.g. orders:ListOrders,settings:Settings.",
            valueName: "NAME:SCENE,..."))
    var tabs: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Make NAME a container of panes shown together, e.g. list:OrderList,detail:PickOrder (not with --tabs).",
            valueName: "NAME:SCENE,..."))
    var panes: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The scene's language: swift (a SwiftPM package) or c (a C file, scene_host.h and a Makefile).",
            valueName: "swift|c"))
    var language: String = "swift"

    func run() throws {
        let command = NewScene(
            name: name, plugin: plugin, output: output, sdk: sdk, config: config,
            executable: HostOptions.executablePath,
            tabs: tabs, panes: panes, language: language, interfaceHeader: CInterface.header
        )
        do {
            StandardStreams.out(try command.run())
        } catch let error as ScaffoldError {
            StandardStreams.error(error.message)
            throw ExitCode(error.exitStatus.rawValue)
        }
    }
}
