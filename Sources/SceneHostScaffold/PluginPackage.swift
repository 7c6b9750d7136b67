import Foundation
import SceneHostCore

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

    /// The largest Package.swift `--into` reads: a generated one is a few KiB.
    static let manifestLimit = 1 << 20

    /// The text of `folder`'s Package.swift; nil when it is no regular file (a FIFO is never waited
    /// on, a device never read), is larger than `manifestLimit`, or is not UTF-8.
    static func readManifest(in folder: String) -> String? {
        guard case .success(let descriptor) = InputFile.open(folder + "/Package.swift") else { return nil }
        defer { close(descriptor) }
        guard case .success(let bytes) = InputFile.read(descriptor, limit: manifestLimit + 1),
            bytes.count <= manifestLimit
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
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
