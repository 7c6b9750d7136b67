import Foundation
import Testing
@testable import SceneHostScaffold
import TestSupport

@Suite("ScaffoldWriter, SDKLocation and the printed instructions")
struct ScaffoldWriterTests {
    @Test("writes every file in a new folder")
    func writes() throws {
        let folder = try TemporaryFolder()
        let target = folder.path("P")
        try ScaffoldWriter.write(
            [GeneratedFile(path: "a.txt", text: "A"), GeneratedFile(path: "x/y/b.txt", text: "B")], into: target)
        #expect(FileManager.default.contents(atPath: target + "/a.txt") == Data("A".utf8))
        #expect(FileManager.default.contents(atPath: target + "/x/y/b.txt") == Data("B".utf8))
    }

    @Test("an existing folder, file or dangling link is never overwritten")
    func neverOverwrites() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("P")
        try folder.write("mine", to: "P/a.txt")
        #expect(throws: ScaffoldError.targetExists(path: folder.path("P"))) {
            try ScaffoldWriter.checkAbsent(folder.path("P"))
        }
        #expect(throws: ScaffoldError.targetExists(path: folder.path("P"))) {
            try ScaffoldWriter.write([GeneratedFile(path: "a.txt", text: "new")], into: folder.path("P"))
        }
        #expect(FileManager.default.contents(atPath: folder.path("P/a.txt")) == Data("mine".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("L"), withDestinationPath: folder.path("nowhere"))
        #expect(throws: ScaffoldError.targetExists(path: folder.path("L"))) {
            try ScaffoldWriter.checkAbsent(folder.path("L"))
        }
    }

    @Test("a write that fails half-way removes the folder it began")
    func cleansUp() throws {
        let folder = try TemporaryFolder()
        let target = folder.path("P")
        // "a" is a file, so "a/b" cannot be created.
        #expect(throws: ScaffoldError.writeFailed(path: target + "/a/b", reason: "Not a directory")) {
            try ScaffoldWriter.write(
                [GeneratedFile(path: "a", text: "A"), GeneratedFile(path: "a/b", text: "B")], into: target)
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("the output folder must exist and be a folder")
    func outputFolder() throws {
        let folder = try TemporaryFolder()
        #expect(try ScaffoldWriter.outputFolder(folder.url.path) == FileSystemPath.real(folder.url.path))
        #expect(throws: ScaffoldError.outputMissing(path: folder.path("none"))) {
            try ScaffoldWriter.outputFolder(folder.path("none"))
        }
        try folder.write("x", to: "file")
        #expect(throws: ScaffoldError.outputNotFolder(path: folder.path("file"))) {
            try ScaffoldWriter.outputFolder(folder.path("file"))
        }
    }

    // Root may write anywhere, so the refusal can only be seen as another user.
    @Test(
        "an output folder you cannot write to is refused", .disabled(if: geteuid() == 0, "root can write to any folder")
    )
    func unwritable() throws {
        let folder = try TemporaryFolder()
        let locked = try folder.makeFolder("locked", mode: 0o555)
        defer { chmod(locked, 0o755) }
        #expect(throws: ScaffoldError.outputNotWritable(path: locked)) { try ScaffoldWriter.outputFolder(locked) }
    }

    @Test("the SDK: --sdk when given, else the first Sources/SceneSDK above the executable; the kit when it is in it")
    func sdkLocation() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("checkout/Sources/SceneSDK")
        try folder.write(
            "let package = Package(\n    name: \"SceneSDK\",\n)", to: "checkout/Sources/SceneSDK/Package.swift")
        try folder.makeFolder("checkout/.build/x86_64-unknown-linux-gnu/debug")
        let sdk = try #require(FileSystemPath.real(folder.path("checkout/Sources/SceneSDK")))

        let found = try SDKLocation.find(
            given: nil, executable: folder.path("checkout/.build/x86_64-unknown-linux-gnu/debug/scene-host"))
        #expect(found.path == sdk)
        #expect(!found.hasTestingKit)
        #expect(
            try SDKLocation.find(given: folder.path("checkout/Sources/SceneSDK"), executable: "/nowhere/scene-host")
                .path == sdk)

        try folder.makeFolder("checkout/Sources/SceneSDK/SceneTesting")
        try folder.write("", to: "checkout/Sources/SceneSDK/SceneTesting/Package.swift")
        #expect(found.hasTestingKit)

        try folder.makeFolder("installed/bin")
        #expect(throws: ScaffoldError.sdkNotFound(executable: folder.path("installed/bin/scene-host"))) {
            try SDKLocation.find(given: nil, executable: folder.path("installed/bin/scene-host"))
        }
        #expect(throws: ScaffoldError.sdkInvalid(path: folder.path("checkout"))) {
            try SDKLocation.find(given: folder.path("checkout"), executable: "/nowhere/scene-host")
        }
    }

    @Test("the printed lines: files, commands, and the [plugins.X] path, relative to --config's folder when given")
    func instructions() throws {
        let scaffold = try SceneScaffold(scene: "Weather", plugin: nil, sdkPath: "../sdk", testingKit: true)
        let text = ScaffoldInstructions.text(
            scaffold, folder: "/work/p/WeatherScene",
            config: ScaffoldInstructions.Config(path: "app/scenes.conf", folder: "/work/app"))
        #expect(
            text == """
                Created the plugin package WeatherScene for the scene 'Weather' in /work/p/WeatherScene:
                  Package.swift
                  .gitignore
                  Sources/WeatherScene/WeatherPlugin.swift
                  Sources/WeatherScene/WeatherViewController.swift
                  Sources/WeatherScene/WeatherInteractor.swift
                  Sources/WeatherScene/WeatherPresenter.swift
                  Sources/WeatherScene/WeatherRouter.swift
                  Sources/WeatherScene/WeatherModels.swift
                  Sources/WeatherScene/WeatherWorker.swift
                  Tests/WeatherSceneTests/WeatherTests.swift

                Build it and run its tests:
                  cd /work/p/WeatherScene
                  swift build
                  swift test

                Add these lines to app/scenes.conf (the path is relative to its folder):
                  [plugins.WeatherScene]
                  path = "../p/WeatherScene/.build/debug/libWeatherScene.so"

                Then route to 'Weather' from a scene (or set initial = "Weather") and check the app:
                  scene-host check --config app/scenes.conf
                """)
        let absolute = ScaffoldInstructions.text(scaffold, folder: "/work/p/WeatherScene", config: nil)
        #expect(
            absolute.contains(
                "Add these lines to your scenes.conf:\n  [plugins.WeatherScene]\n  path = \"/work/p/WeatherScene/.build/debug/libWeatherScene.so\"\n"
            ))
    }
}
