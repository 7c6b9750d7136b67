import Foundation

/// The scene plugins written in C and C++ (Plugins/DetailC, examples/polyglot): each is built by
/// its own Makefile, not by `swift build`. The first test that needs one builds them all (once per
/// test process, `scripts/build-c-scenes.sh`, a no-op when up to date) into `.build/c-scenes`.
///
/// `SCENE_HOST_C_SCENES` names a folder of already built ones instead: the unprivileged test run
/// uses it, since its user may not write to the build folder.
package enum CScenePlugins {
    package static let directory: URL = {
        if let given = ProcessInfo.processInfo.environment["SCENE_HOST_C_SCENES"], !given.isEmpty {
            return URL(fileURLWithPath: given)
        }
        let root = BuildProducts.packageRoot
        let script = root.appendingPathComponent("scripts/build-c-scenes.sh").path
        if let result = try? CLibraries.run("/bin/sh", ["-c", "umask 022 && exec \"$0\"", script]), result.status != 0 {
            FileHandle.standardError.write(Data("CScenePlugins: \(script) failed:\n\(result.output)\n".utf8))
        }
        return root.appendingPathComponent(".build/c-scenes")
    }()

    /// The path of the library `name` (`libDetailC.so`).
    package static func library(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}
