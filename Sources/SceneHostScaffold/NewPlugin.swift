import Foundation

/// `scene-host new plugin`: a package of plugins in the layout the authoring guide recommends (each
/// plugin's code, entry and tests in targets of their own), or one more plugin in such a package
/// (`--into`). Checks everything, writes, returns what to print.
package struct NewPlugin: Sendable {
    package var plugin: String
    /// `--scene`, in order; empty: one scene, `PluginScaffold.defaultScene(for:)`.
    package var scenes: [String]
    /// `--output`, as given (relative to the current folder); nil: the current folder.
    package var output: String?
    /// `--package`: the package's name and folder; nil: the plugin's name.
    package var package: String?
    /// `--into`, as given: the folder of a package `new plugin` made, to add the plugin to.
    package var into: String?
    /// `--sdk`, as given; nil to find the SDK next to `executable`.
    package var sdk: String?
    /// `--config`, as given: the printed plugin path is then relative to its folder.
    package var config: String?
    /// The running scene-host, whose checkout holds the default SDK.
    package var executable: String

    package init(
        plugin: String, scenes: [String], output: String?, package: String?, into: String?, sdk: String?,
        config: String?, executable: String
    ) {
        self.plugin = plugin
        self.scenes = scenes
        self.output = output
        self.package = package
        self.into = into
        self.sdk = sdk
        self.config = config
        self.executable = executable
    }

    /// Creates the package, or adds the plugin to it; throws `ScaffoldError` before writing anything
    /// when an input is wrong.
    package func run() throws -> String {
        if into != nil {
            for (option, value) in [("--output", output), ("--package", package), ("--sdk", sdk)] where value != nil {
                throw ScaffoldError.optionWithInto(option: option)
            }
        }
        // Names first: a typo in a name is the likeliest mistake, and needs no file system.
        _ = try PluginScaffold(plugin: plugin, scenes: scenes, testingKit: false)
        if let package, let problem = SwiftIdentifier.problem(with: package) {
            throw ScaffoldError.invalidName(option: "--package", value: package, problem)
        }
        let configInfo = config.map { ScaffoldInstructions.Config(path: $0, folder: NewScene.folder(ofConfig: $0)) }
        if let into { return try add(into: into, config: configInfo) }
        return try create(config: configInfo)
    }

    private func create(config: ScaffoldInstructions.Config?) throws -> String {
        let outputFolder = try ScaffoldWriter.outputFolder(output ?? ".")
        let sdkLocation = try SDKLocation.find(given: sdk, executable: executable)
        let name = package ?? plugin
        let folder = outputFolder == "/" ? "/" + name : outputFolder + "/" + name
        let scaffold = try PluginScaffold(plugin: plugin, scenes: scenes, testingKit: sdkLocation.hasTestingKit)
        let manifest = PluginPackage.manifest(
            package: name, plugins: [plugin], sdkPath: RelativePath.from(folder, to: sdkLocation.path),
            testingKit: scaffold.testingKit)
        let files =
            [
                GeneratedFile(path: "Package.swift", text: manifest),
                GeneratedFile(path: ".gitignore", text: GitignoreTemplate.text),
            ]
            + scaffold.files
        do {
            try ScaffoldWriter.checkAbsent(folder)
            try ScaffoldWriter.write(files, into: folder)
        } catch ScaffoldError.targetExists(let path) {
            throw ScaffoldError.pluginFolderExists(path: path)
        }
        return ScaffoldInstructions.text(
            headline:
                "Created the package \(name) with the plugin \(plugin) (\(Self.list(scaffold.scenes))) in \(folder):",
            plugin: plugin, scene: scaffold.scenes[0], files: files.map(\.path), testingKit: scaffold.testingKit,
            folder: folder, config: config)
    }

    private func add(into: String, config: ScaffoldInstructions.Config?) throws -> String {
        let folder = FileSystemPath.real(into) ?? FileSystemPath.absolute(into)
        guard let manifest = PluginPackage.readManifest(in: folder), let existing = PluginList.plugins(in: manifest),
            let edited = PluginList.adding(plugin, to: manifest)
        else { throw ScaffoldError.notNewPluginPackage(path: folder) }
        let targets = PluginScaffold.targets(of: plugin)
        if let taken = existing.first(where: { !Set(PluginScaffold.targets(of: $0)).isDisjoint(with: targets) }) {
            throw ScaffoldError.pluginExists(plugin: plugin, existing: taken, package: folder)
        }
        let scaffold = try PluginScaffold(
            plugin: plugin, scenes: scenes, testingKit: PluginPackage.usesTestingKit(manifest))
        for other in existing {
            let theirs = PluginPackage.scenes(of: other, in: folder)
            if let scene = scaffold.scenes.first(where: theirs.contains) {
                throw ScaffoldError.sceneExists(scene: scene, plugin: other, package: folder)
            }
        }
        for path in scaffold.folders {
            var info = stat()
            if lstat(folder + "/" + path, &info) == 0 {
                throw ScaffoldError.pluginFolderExists(path: folder + "/" + path)
            }
        }
        try ScaffoldWriter.add(scaffold.files, into: folder, manifest: (manifest, edited))
        return ScaffoldInstructions.text(
            headline: "Added the plugin \(plugin) (\(Self.list(scaffold.scenes))) to the package in \(folder):",
            plugin: plugin, scene: scaffold.scenes[0], files: scaffold.files.map(\.path) + ["Package.swift (edited)"],
            testingKit: scaffold.testingKit, folder: folder, config: config)
    }

    /// "the scene 'A'", "the scenes 'A', 'B' and 'C'".
    static func list(_ scenes: [String]) -> String {
        let quoted = scenes.map { "'\($0)'" }
        guard let last = quoted.last, quoted.count > 1 else { return "the scene " + quoted.joined() }
        return "the scenes " + quoted.dropLast().joined(separator: ", ") + " and " + last
    }
}
