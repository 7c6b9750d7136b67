import Foundation

/// Where the built products are: the folder of the running test binary, found from
/// `/proc/self/exe` (never from `#filePath`, which points at sources that may have moved).
package enum BuildProducts {
    package static let directory: URL = {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The test bundle may be a folder (`*.xctest/...`); climb to the folder that holds the libraries.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("libSceneSDK.so").path),
            folder.path != "/"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// The plugin or fixture library `lib<name>.so`: a test fixture (`Fixture...`) from the fixture
    /// package's build (`FixtureBuild`), a plugin from the host's.
    package static func library(_ name: String) -> String {
        let folder = name.hasPrefix("Fixture") ? FixtureBuild.directory : directory
        return folder.appendingPathComponent("lib\(name).so").path
    }

    /// The built `scene-host` executable.
    package static var hostExecutable: String {
        directory.appendingPathComponent("scene-host").path
    }

    /// The built `scene-host-worker` executable (the scene worker scene-host starts).
    package static var workerExecutable: String {
        directory.appendingPathComponent("scene-host-worker").path
    }

    /// The built `scene-host-probe` executable (the probe child scene-host starts).
    package static var probeExecutable: String {
        directory.appendingPathComponent("scene-host-probe").path
    }

    /// The package root (the folder with Package.swift above the build folder).
    package static var packageRoot: URL {
        var folder = directory
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
            folder.path != "/"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }
}
