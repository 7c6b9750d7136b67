import Foundation
import Testing
@testable import SceneHostScaffold
import TestSupport

/// `scene-host new scene`, run as the user runs it.
@Suite("scene-host new scene (end to end)")
struct NewSceneTests {
    /// Set SCENE_HOST_SKIP_SLOW=1 to skip the test that builds the generated package (1-2 minutes); CI runs it.
    static let skipSlow = ProcessInfo.processInfo.environment["SCENE_HOST_SKIP_SLOW"] == "1"

    @Test(
        "the generated package builds, its tests pass, and check loads it next to the demo plugins",
        .disabled(if: skipSlow, "SCENE_HOST_SKIP_SLOW=1"), .timeLimit(.minutes(30)))
    func generatedPackageBuildsTestsAndLoads() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let created = try HostProcess.run(["new", "scene", "Weather", "--output", folder.url.path])
        #expect(created.status == 0, "\(created.stderr)")
        let package = folder.url.appendingPathComponent("WeatherScene")

        let swift = try Self.swiftExecutable()
        let build = try ChildRun.run(
            swift, ["build"], input: "", in: package, environment: ProcessInfo.processInfo.environment,
            timeLimit: .seconds(1200))
        try #require(build.status == 0 && !build.timedOut, "swift build failed:\n\(build.stdout)\n\(build.stderr)")
        #expect(
            !(build.stdout + build.stderr).contains("warning:"),
            "the generated code has warnings:\n\(build.stdout)\n\(build.stderr)")
        let test = try ChildRun.run(
            swift, ["test"], input: "", in: package, environment: ProcessInfo.processInfo.environment,
            timeLimit: .seconds(1200))
        #expect(test.status == 0 && !test.timedOut, "swift test failed:\n\(test.stdout)\n\(test.stderr)")

        // The [plugins.X] lines exactly as printed, next to the demo plugins, and the guide's segue
        // from Home to the new scene (examples/new-scene/segue.toml, quoted by the authoring guide).
        let lines = Self.pluginLines(in: created.stdout)
        try #require(lines.count == 2, "\(created.stdout)")
        let guide = BuildProducts.packageRoot.appendingPathComponent("examples/new-scene")
        let segue = try String(contentsOf: guide.appendingPathComponent("segue.toml"), encoding: .utf8)
        let config = try folder.write(
            DemoConfig.text + "\n" + lines.joined(separator: "\n") + "\n\n" + segue, to: "scenes.conf")
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.hasPrefix(
                "check: ok: \(config): 3 plugins (HomeScene 1.0.0, DetailScene 1.0.0, WeatherScene 0.1.0), 3 scenes"))

        // Routed to from Home, through the VIP cycle, and back: the guide's script.
        let run = try HostProcess.run([
            "run", "--config", config, "--script", guide.appendingPathComponent("weather.script").path,
        ])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let screens = run.stdout.components(separatedBy: "\n> ")
        #expect(screens.count == 5, "\(run.stdout)")
        #expect(screens.dropFirst().first?.contains("== Weather ==") == true, "\(run.stdout)")
        #expect(screens.dropFirst(3).first?.contains("label   message  You said: Sunny") == true, "\(run.stdout)")
        #expect(screens.last?.contains("== Home ==") == true, "\(run.stdout)")
    }

    @Test(
        "a C scene (--language c): make builds it with -Werror, check takes it, the guide's script gives its golden transcript"
    )
    func generatedCSceneBuildsAndRuns() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let created = try HostProcess.run(["new", "scene", "Weather", "--language", "c", "--output", folder.url.path])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stderr.isEmpty, "\(created.stderr)")
        let plugin = folder.url.appendingPathComponent("WeatherScene")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: plugin.path).sorted()
                == [".gitignore", "Makefile", "Weather.c", "scene_host.h"])
        // The header is this host's interface, as `scene-host interface` prints it.
        let interface = try HostProcess.run(["interface", "--format", "c"])
        #expect(interface.status == 0, "\(interface.stderr)")
        #expect(
            FileManager.default.contents(atPath: plugin.appendingPathComponent("scene_host.h").path)
                == Data(interface.stdout.utf8))

        // Built by the generated Makefile alone, in the generated folder: cc with -Wall -Wextra -Werror.
        let make = try ChildRun.run(
            try Self.executable("make"), [], input: "", in: plugin, environment: ProcessInfo.processInfo.environment,
            timeLimit: .seconds(300))
        try #require(make.status == 0 && !make.timedOut, "make failed:\n\(make.stdout)\n\(make.stderr)")
        #expect(FileManager.default.fileExists(atPath: plugin.appendingPathComponent("libWeatherScene.so").path))

        // The printed lines next to the demo plugins, and the guide's segue from Home to the new scene.
        let lines = Self.pluginLines(in: created.stdout)
        try #require(
            lines == [
                "[plugins.WeatherScene]", "path = \"\(FileSystemPath.real(plugin.path) ?? "")/libWeatherScene.so\"",
            ], "\(created.stdout)")
        let guide = BuildProducts.packageRoot.appendingPathComponent("examples/new-scene")
        let segue = try String(contentsOf: guide.appendingPathComponent("segue.toml"), encoding: .utf8)
        let config = try folder.write(
            DemoConfig.text + "\n" + lines.joined(separator: "\n") + "\n\n" + segue, to: "scenes.conf")
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.hasPrefix(
                "check: ok: \(config): 3 plugins (HomeScene 1.0.0, DetailScene 1.0.0, WeatherScene 0.1.0), 3 scenes"),
            "\(check.stdout)")

        // The same script as the Swift scene's, checked against the C scene's golden transcript.
        let run = try HostProcess.run([
            "run", "--config", config, "--script", guide.appendingPathComponent("weather.script").path,
            "--expect", guide.appendingPathComponent("weather-c.transcript").path,
        ])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
    }

    @Test(
        "--language: an unknown language, or a name that is no C identifier, is a usage error; nothing is created",
        arguments: [
            (
                ["Weather", "--language", "rust"],
                "error: --language 'rust' is not a language 'scene-host new scene' writes a scene in. Give one of: swift, c (the default is swift)."
            ),
            (
                ["9Lives", "--language", "c"],
                "error: the scene name '9Lives' starts with a digit. A C scene's names become C symbols and file names (its roles are NAMEInteractor_create, ...): ASCII letters, digits and '_', not starting with a digit, at most 128 bytes."
            ),
            (
                ["Weather", "--language", "c", "--panes", "a:A"],
                "error: --panes makes a container, which only a Swift scene can be: the C interface declares no slots. Leave out --panes (or --language c)."
            ),
        ])
    func languageRefusals(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let result = try HostProcess.run(["new", "scene"] + arguments + ["--output", folder.url.path])
        #expect(result.status == 64)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test(
        "a container scene (--tabs) builds against the SDK with no warning, and its kit tests pass",
        .disabled(if: skipSlow, "SCENE_HOST_SKIP_SLOW=1"), .timeLimit(.minutes(30)))
    func generatedContainerBuildsAndTests() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let created = try HostProcess.run([
            "new", "scene", "Main", "--tabs", "orders:ListOrders,settings:Settings", "--output", folder.url.path,
        ])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(
            created.stdout.hasSuffix(
                "Its tabs show 'ListOrders', 'Settings' first: load the plugins that register them, or check refuses the app.\n"
            ))
        let package = folder.url.appendingPathComponent("MainScene")

        let swift = try Self.swiftExecutable()
        let build = try ChildRun.run(
            swift, ["build", "--build-tests"], input: "", in: package, environment: ProcessInfo.processInfo.environment,
            timeLimit: .seconds(1200))
        try #require(build.status == 0 && !build.timedOut, "swift build failed:\n\(build.stdout)\n\(build.stderr)")
        #expect(
            !(build.stdout + build.stderr).contains("warning:"),
            "the generated code has warnings:\n\(build.stdout)\n\(build.stderr)")
        let test = try ChildRun.run(
            swift, ["test", "--skip-build"], input: "", in: package, environment: ProcessInfo.processInfo.environment,
            timeLimit: .seconds(1200))
        #expect(test.status == 0 && !test.timedOut, "swift test failed:\n\(test.stdout)\n\(test.stderr)")
        #expect(test.stdout.contains("Test run with 4 tests"), "\(test.stdout)")
    }

    @Test("--tabs with --panes, or a wrong slot, is a usage error naming the item; nothing is created")
    func containerRefusals() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let both = try HostProcess.run([
            "new", "scene", "Main", "--tabs", "a:A", "--panes", "b:B", "--output", folder.url.path,
        ])
        #expect(both.status == 64)
        #expect(
            both.stderr
                == "error: --tabs and --panes cannot be given together: a container's slots are all tabs or all panes. Give one of them; for a list and detail inside a tab, make a container of panes and name it as the tab's scene.\n"
        )
        let wrong = try HostProcess.run([
            "new", "scene", "Main", "--tabs", "orders:ListOrders,settings=Settings", "--output", folder.url.path,
        ])
        #expect(wrong.status == 64)
        #expect(
            wrong.stderr
                == "error: --tabs item 2 'settings=Settings' names no scene. Write each slot as NAME:SCENE, separated by commas (e.g. --tabs orders:ListOrders,settings:Settings).\n"
        )
        #expect(wrong.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test(
        "a name that is not a Swift type name is a usage error; nothing is created",
        arguments: [
            (
                ["weather"],
                "error: the scene name 'weather' does not start with an upper-case letter A-Z. Names become Swift types, files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case letter (e.g. 'Weather')."
            ),
            (
                ["Weather", "--plugin", "Weather-Plugin"],
                "error: --plugin 'Weather-Plugin' holds '-'. Names become Swift types, files and a module: letters A-Z and a-z, digits and '_', starting with an upper-case letter."
            ),
            (["Self"], "error: the scene name 'Self' is a Swift keyword. Choose another name."),
        ])
    func invalidNames(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let result = try HostProcess.run(["new", "scene"] + arguments + ["--output", folder.url.path])
        #expect(result.status == 64)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("an existing package folder is refused and left as it was")
    func existingFolder() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.makeFolder("WeatherScene")
        try folder.write("mine", to: "WeatherScene/Package.swift")
        let result = try HostProcess.run(["new", "scene", "Weather", "--output", folder.url.path])
        #expect(result.status == 64)
        let real = try #require(FileSystemPath.real(folder.url.path))
        #expect(
            result.stderr
                == "error: \(real)/WeatherScene already exists; 'scene-host new scene' never overwrites. Remove it, or choose another --plugin or --output.\n"
        )
        #expect(FileManager.default.contents(atPath: folder.path("WeatherScene/Package.swift")) == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("WeatherScene")) == ["Package.swift"])
    }

    @Test("the printed [plugins.X] lines point at the library the package builds, relative to --config's folder")
    func printedConfigLines() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.makeFolder("plugins")
        try folder.makeFolder("app")
        let result = try HostProcess.run(
            ["new", "scene", "Forecast", "--plugin", "Meteo", "--output", "plugins", "--config", "app/scenes.conf"],
            in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.pluginLines(in: result.stdout) == [
                "[plugins.Meteo]", "path = \"../plugins/Meteo/.build/debug/libMeteo.so\"",
            ])
        #expect(result.stdout.contains("Add these lines to app/scenes.conf (the path is relative to its folder):\n"))
        #expect(FileManager.default.fileExists(atPath: folder.path("plugins/Meteo/Sources/Meteo/ForecastRouter.swift")))
        // Package.swift finds the SDK of this checkout by a relative path.
        let manifest = String(
            decoding: FileManager.default.contents(atPath: folder.path("plugins/Meteo/Package.swift")) ?? Data(),
            as: UTF8.self)
        let sdkLine = try #require(
            manifest.split(separator: "\n").first { $0.contains(".package(path: \"..") && !$0.contains("SceneTesting") }
        )
        let relative = String(sdkLine.split(separator: "\"")[1])
        let sdk = folder.url.appendingPathComponent("plugins/Meteo").appendingPathComponent(relative)
            .standardizedFileURL.path
        #expect(
            FileSystemPath.real(sdk)
                == FileSystemPath.real(BuildProducts.packageRoot.appendingPathComponent("Sources/SceneSDK").path))
    }

    @Test("'new' alone is a usage error, and --help lists 'new'")
    func help() throws {
        let bare = try HostProcess.run(["new"])
        #expect(bare.status == 64)
        #expect(
            bare.stderr.hasPrefix(
                "Error: say what to create: 'scene-host new plugin PLUGIN' or 'scene-host new scene NAME'.\n"))
        let help = try HostProcess.run(["--help"])
        #expect(help.stdout.contains("  new "), "\(help.stdout)")
    }

    /// The `[plugins.X]` header and the `path` line `new scene` printed, without their indentation.
    static func pluginLines(in output: String) -> [String] {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("[plugins.") }), start + 1 < lines.count else {
            return []
        }
        return Array(lines[start...start + 1])
    }

    /// `name` (make, cc) from PATH, else from /usr/bin.
    static func executable(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/\(name)" } + ["/usr/bin/\(name)"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ChildRun.SpawnError(description: "no \(name) executable on PATH (\(path)) or in /usr/bin")
        }
        return found
    }

    /// `swift` from PATH, else next to the toolchain the tests run with.
    static func swiftExecutable() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates =
            path.split(separator: ":").map { "\($0)/swift" } + ["/opt/swift/usr/bin/swift", "/usr/bin/swift"]
        guard let swift = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ChildRun.SpawnError(description: "no swift executable on PATH (\(path)) or in /opt/swift/usr/bin")
        }
        return swift
    }
}
