import Foundation
import Testing
import TestSupport

/// The probe cache through the binary: known-good plugins are not probed again, known-bad ones
/// are reported with their recorded reason until the file changes, `--rescan` ignores it.
@Suite("Probe cache (end to end)")
struct ProbeCacheTests {
    @Test("a known-good plugin is not probed at the next start")
    func knownGood() throws {
        let folder = try TemporaryFolder()
        let cache = folder.path("probes.json")
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        let first = try HostProcess.run(["check", "--config", config, "--verbose"], probeCache: cache)
        let second = try HostProcess.run(["check", "--config", config, "--verbose"], probeCache: cache)
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stderr.components(separatedBy: "cached=false").count == 3)
        #expect(second.stderr.components(separatedBy: "cached=true").count == 3)
        let rescanned = try HostProcess.run(["check", "--config", config, "--verbose", "--rescan"], probeCache: cache)
        #expect(rescanned.stderr.components(separatedBy: "cached=false").count == 3)
    }

    @Test(
        "a probe that fails for the machine's reason (TMPDIR is a file) is reported but never recorded: the next run in a sound environment probes again and passes"
    )
    func environmentFailureNotRecorded() throws {
        let folder = try TemporaryFolder()
        let cache = folder.path("probes.json")
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        let notAFolder = try folder.write("", to: "tmpdir-is-a-file")
        // In process, so the probes themselves meet it (a check child would not start at all).
        let broken = try HostProcess.run(
            ["check", "--config", config, "--in-process"], probeCache: cache, environment: ["TMPDIR": notAFolder])
        #expect(broken.status != 0)
        #expect(
            broken.stderr.contains(
                "could not be probed: cannot create its private folder in \(notAFolder): Not a directory; set TMPDIR to a folder you can write."
            ), "\(broken.stderr)")
        #expect(
            broken.stderr.contains("This says nothing about the plugin and nothing was recorded"), "\(broken.stderr)")
        let sound = try HostProcess.run(["check", "--config", config], probeCache: cache)
        #expect(sound.status == 0, "\(sound.stderr)")
        #expect(!sound.stderr.contains("recorded by an earlier probe"), "\(sound.stderr)")
    }

    @Test("a known-bad plugin is reported with its recorded reason until its file changes")
    func knownBad() throws {
        let folder = try TemporaryFolder()
        let cache = folder.path("probes.json")
        let path = try PluginCopies.copy("FixtureThrows", to: "libThrows.so", in: folder)
        let config = try folder.write(DemoConfig.config(plugins: [("Throws", path)]), to: "scenes.conf")
        let message =
            "\(config):3:1: error: plugin 'Throws' (\(path)) failed to register its scenes: the orders database is not configured."
        let recorded =
            " [recorded by an earlier probe of this unchanged file; 'scene-host check --rescan' probes again]"

        let first = try HostProcess.run(["check", "--config", config], probeCache: cache)
        #expect(first.stderr.hasPrefix(message + "\n"))
        let second = try HostProcess.run(["run", "--config", config], input: "print\n", probeCache: cache)
        #expect(second.stderr.hasPrefix(message + recorded + "\n"), "\(second.stderr)")
        let rescanned = try HostProcess.run(["check", "--config", config, "--rescan"], probeCache: cache)
        #expect(rescanned.stderr.hasPrefix(message + "\n"))

        // Any change to the file (here its modification time) is a new file: probed again.
        let later = Date().addingTimeInterval(60)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: path)
        let changed = try HostProcess.run(["check", "--config", config], probeCache: cache)
        #expect(changed.stderr.hasPrefix(message + "\n"))
    }

    @Test("--insecure-plugin-files loads from a group-writable folder, and says so loudly")
    func insecureOptOut() throws {
        let folder = try TemporaryFolder()
        let shared = folder.url.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let home = try PluginCopies.copy("HomeScene", to: "shared/libHomeScene.so", in: folder)
        let detail = try PluginCopies.copy("DetailScene", to: "shared/libDetailScene.so", in: folder)
        chmod(shared.path, 0o775)
        let config = try folder.write(
            DemoConfig.config(plugins: [("HomeScene", home), ("DetailScene", detail)]), to: "scenes.conf")
        #expect(try HostProcess.run(["check", "--config", config]).status == 3)
        let result = try HostProcess.run(["check", "--config", config, "--insecure-plugin-files"])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "warning: --insecure-plugin-files: plugin file owners and permissions are NOT checked. Use it only while developing.\n"
        )
    }
}
