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
        // Once more on failure: after a source file of the SDK is deleted, SwiftPM's first incremental
        // build still lists it as an input of the SDK's build-tool plugin ("missing inputs"); the next
        // build plans afresh. A second failure is reported.
        if !build(root: root, scratch: scratch, reportsFailure: false) {
            build(root: root, scratch: scratch, reportsFailure: true)
        }
        return scratch.appendingPathComponent("debug")
    }()

    /// Runs `swift build` on the fixture package. A failure is reported on stderr with the build's
    /// output; the tests that need a fixture then fail on its missing file.
    @discardableResult
    private static func build(root: URL, scratch: URL, reportsFailure: Bool) -> Bool {
        let process = Process()
        // Plugins are refused from group-writable folders, whatever the user's umask.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "umask 022 && exec swift build --package-path \"$1\" --scratch-path \"$2\"", "sh",
            root.appendingPathComponent("Tests/Fixtures").path, scratch.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus != 0 else { return true }
            if reportsFailure {
                FileHandle.standardError.write(
                    Data(
                        "FixtureBuild: building Tests/Fixtures failed (exit \(process.terminationStatus)):\n\(text)\n"
                            .utf8))
            }
            return false
        } catch {
            FileHandle.standardError.write(
                Data(
                    "FixtureBuild: cannot run swift build for Tests/Fixtures (\(error)); put swift on PATH, or run scripts/build-fixtures.sh\n"
                        .utf8))
            return false
        }
    }
}
