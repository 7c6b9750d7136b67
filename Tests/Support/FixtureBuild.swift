import Foundation

/// The test fixtures' libraries: Tests/Fixtures is a package of its own, so a plain `swift build` does
/// not build them. The first test that needs one builds the package (once per test process, a no-op
/// when it is up to date) into `.build/fixtures` of the repository.
///
/// `SCENE_HOST_FIXTURES` names a folder of already built fixtures instead: the unprivileged test run
/// uses it, since its user may not write to the build folder.
package enum FixtureBuild {
    package static let directory: URL = {
        if let given = ProcessInfo.processInfo.environment["SCENE_HOST_FIXTURES"], !given.isEmpty {
            return URL(fileURLWithPath: given)
        }
        let root = BuildProducts.packageRoot
        let scratch = root.appendingPathComponent(".build/fixtures")
        build(root: root, scratch: scratch)
        return scratch.appendingPathComponent("debug")
    }()

    /// Runs `swift build` on the fixture package. A failure is reported on stderr with the build's
    /// output; the tests that need a fixture then fail on its missing file.
    private static func build(root: URL, scratch: URL) {
        let process = Process()
        // Plugins are refused from group-writable folders, whatever the user's umask.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask 022 && exec swift build --package-path \"$1\" --scratch-path \"$2\"", "sh",
                             root.appendingPathComponent("Tests/Fixtures").path, scratch.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus != 0 else { return }
            FileHandle.standardError.write(Data("FixtureBuild: building Tests/Fixtures failed (exit \(process.terminationStatus)):\n\(text)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("FixtureBuild: cannot run swift build for Tests/Fixtures (\(error)); put swift on PATH, or run scripts/build-fixtures.sh\n".utf8))
        }
    }
}
