import Foundation

/// A package of plugins made by `new plugin`: its Package.swift, and what `--into` reads back from it.
enum PluginPackage {
    /// Package.swift: the list of `plugins`, each made into a library of three targets.
    static func manifest(package: String, plugins: [String], sdkPath: String, testingKit: Bool) -> String {
        let withKit = TemplateRenderer.render(
            PluginPackageTemplate.text,
            [
                "KIT_PACKAGE": PluginTestsTemplate.kitPackage(kit: testingKit),
                "TESTING": PluginPackageTemplate.testing(kit: testingKit),
            ])
        return TemplateRenderer.render(
            withKit,
            ["PACKAGE": package, "SDK": SceneScaffold.literal(sdkPath), "LIST": PluginList.text(plugins)])
    }

    /// Whether the package's tests use the testing kit, as its Package.swift says.
    static func usesTestingKit(_ manifest: String) -> Bool {
        manifest.contains(PluginPackageTemplate.testing(kit: true))
    }

    /// The scenes of `plugin` in the package `folder`: the folders in Sources/<plugin>, one per scene.
    static func scenes(of plugin: String, in folder: String) -> Set<String> {
        let sources = folder + "/Sources/" + plugin
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        return Set(
            names.filter { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: sources + "/" + name, isDirectory: &isFolder)
                    && isFolder.boolValue
            })
    }
}
