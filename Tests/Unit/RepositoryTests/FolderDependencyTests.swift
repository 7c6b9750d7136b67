import Foundation
import Testing
@testable import SceneHostCore
@testable import SceneHostNative
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostLoading
@testable import SceneHostNavigation
@testable import SceneHostGraph
@testable import SceneHostFrontend
@testable import SceneHostWorkers
@testable import SceneHostWebModel
@testable import SceneHostScaffold
@testable import SceneHost
import TestSupport

/// The host's folders depend one way (docs/architecture.md, "Folders and the way they depend"):
/// a folder may name only the types of folders below it in `FolderLayers.order`.
@Suite("Folder dependencies")
struct FolderDependencyTests {
    static let sources = BuildProducts.packageRoot.appendingPathComponent("Sources/SceneHost")
    /// The layers that are targets now, by the folder name they had (`FolderLayers.order`).
    static let layerTargets = [
        "Core": "SceneHostCore", "Native": "SceneHostNative", "Container": "SceneHostContainer",
        "Config": "SceneHostConfig", "Loading": "SceneHostLoading", "Navigation": "SceneHostNavigation",
        "Graph": "SceneHostGraph",
        "Frontend": "SceneHostFrontend", "Workers": "SceneHostWorkers", "Sessions": "SceneHostSessions",
        "Web": "SceneHostWebModel", "Scaffold": "SceneHostScaffold",
    ]

    /// Every layer's files: the folders of Sources/SceneHost, and the layers that are targets.
    static func layerFiles() throws -> [String: [(String, String)]] {
        var files = try FolderLayers.swiftFiles(under: Self.sources)
        for (layer, target) in layerTargets {
            files[layer] = try FolderLayers.swiftFiles(
                in: BuildProducts.packageRoot.appendingPathComponent("Sources/\(target)"))
        }
        return files
    }

    @Test("every folder names only types of the folders below it")
    func oneWay() throws {
        // The split targets' types too, each under its target's name (in no layer): a name declared there
        // and in a folder (`Problem`) is then ambiguous, as it was while they lived in Loading/, not a use
        // of the folder's type.
        var files = try Self.layerFiles()
        for target in LoadingTargets.allowedImports.keys {
            files[target] = try FolderLayers.swiftFiles(
                in: BuildProducts.packageRoot.appendingPathComponent("Sources/\(target)"))
        }
        let offenders = FolderLayers.offenders(in: files)
        #expect(offenders == [], "a lower folder uses a higher one")
    }

    @Test("every folder of Sources/SceneHost has its place in the order")
    func everyFolderPlaced() throws {
        let folders = try Self.layerFiles().keys.sorted()
        #expect(
            folders.filter { !FolderLayers.order.contains($0) } == [],
            "place the new folder in FolderLayers.order and in docs/architecture.md")
    }

    @Test("each concern throws its own error type, declared in its folder")
    func errorTypesByFolder() throws {
        let declared = FolderLayers.declarations(in: try Self.layerFiles())
        let expected = [
            "ConfigError": "Config", "PluginLoadError": "Loading", "ContainerError": "Container",
            "SceneGraphError": "Graph", "NavigationError": "Navigation", "ScriptError": "Frontend",
            "CommandLineError": "Frontend", "WorkerError": "Workers", "LinkError": "Navigation",
            "ScaffoldError": "Scaffold", "NativeError": "Native", "WebError": "Web",
            "HostConcernError": "Core", "ExitStatus": "Core", "ErrorMessage": "Core", "HostProblem": "App",
        ]
        for (type, folder) in expected {
            #expect(declared[type] == folder, "\(type) belongs in \(folder)/")
        }
        #expect(declared["HostError"] == nil, "one error enum for every concern is gone on purpose")
    }

    @Test(
        "the targets split from Loading/ import only what they are allowed to, never the host",
        arguments: LoadingTargets.allowedImports.keys.sorted())
    func loadingTargetsStandAlone(target: String) throws {
        let folder = BuildProducts.packageRoot.appendingPathComponent("Sources/\(target)")
        let files = try FolderLayers.swiftFiles(in: folder)
        #expect(!files.isEmpty, "Sources/\(target) has no Swift file: update LoadingTargets")
        let allowed = LoadingTargets.allowedImports[target] ?? []
        for (file, text) in files {
            let extra = LoadingTargets.imports(in: text).subtracting(allowed)
            #expect(
                extra.isEmpty,
                "Sources/\(target)/\(file) imports \(extra.sorted()): these targets know no host type (docs/decisions.md, \"Loading as targets\")"
            )
        }
    }

    @Test("the import scan reads every form of import, and not one in a comment")
    func importScan() {
        let text = """
            #if canImport(Glibc)
            import Glibc
            #endif
            @_spi(SceneHost) import SceneSDK
            @testable import SceneHost
            import struct Foundation.URL
            // import SceneHostWeb
            /// import App
            let important = 1
            """
        #expect(LoadingTargets.imports(in: text) == ["Glibc", "SceneSDK", "SceneHost", "Foundation"])
    }

    @Test("the scan finds a use that goes the wrong way, and not a name in a comment")
    func scanFindsAWrongUse() {
        let files: [String: [(String, String)]] = [
            "App": [
                ("App/AppCheck.swift", "public struct AppCheck { static func run(_ e: LoadError) -> String { \"\" } }")
            ],
            "Loading": [
                ("Loading/LoadError.swift", "enum LoadError: Error {}"),
                ("Loading/Loader.swift", "let text = AppCheck.run(error) // a HostThing in a comment does not count"),
            ],
            "Core": [("Core/Place.swift", "struct Place {}\n/// LoadError in a doc comment does not count either.")],
        ]
        #expect(FolderLayers.offenders(in: files) == ["Loading/Loader.swift names AppCheck of App/"])
    }
}

/// The targets split from Loading/ (docs/decisions.md, "Loading as targets (issue 20)"), and the only
/// modules each may import. The compiler already refuses a cycle; this keeps them from growing
/// a dependency on the SDK, the host or each other that would make them parts of the host again.
enum LoadingTargets {
    static let allowedImports: [String: Set<String>] = [
        "SceneHostELF": [],
        "SceneHostFileTrust": ["Glibc", "Synchronization"],
        // SHA-256 in C; no Foundation (the probe child links this target: docs/decisions.md).
        "SceneHostRecordCodec": ["CSHA256"],
        "SceneHostProcesses": ["Glibc", "Synchronization", "CSyscalls", "CCrashReport"],
    ]

    /// The modules `text` imports (`import X`, `@testable import X`, `import struct X.Y`), comments left out.
    static func imports(in text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ", omittingEmptySubsequences: true)
            let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
            let path = words.count >= 3 && kinds.contains(words[1]) ? words[2] : words[1]
            modules.insert(String(path.split(separator: ".")[0]))
        }
        return modules
    }
}

/// The order of the host's folders, lowest first, and a small scanner of Swift sources.
enum FolderLayers {
    /// Lowest first. Arrows of docs/architecture.md: Frontend -> Navigation -> Container <- Loading -> Config.
    static let order = [
        "Core", "Native", "Container", "Config", "Loading", "Navigation", "Graph", "Frontend", "Workers", "Sessions",
        "Web", "Scaffold", "App", "Reload",
    ]

    /// Every use of a type of a higher folder, as "FILE names TYPE of FOLDER/", sorted.
    static func offenders(in files: [String: [(String, String)]]) -> [String] {
        let declared = declarations(in: files)
        var offenders: [String] = []
        for (folder, texts) in files {
            guard let rank = order.firstIndex(of: folder) else { continue }
            for (file, text) in texts {
                for name in typeNames(in: text) {
                    guard let owner = declared[name], owner != folder, let ownerRank = order.firstIndex(of: owner),
                        ownerRank > rank
                    else { continue }
                    offenders.append("\(file) names \(name) of \(owner)/")
                }
            }
        }
        return offenders.sorted()
    }

    /// Swift files by top folder: (path below the root, text).
    static func swiftFiles(under root: URL) throws -> [String: [(String, String)]] {
        var files: [String: [(String, String)]] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [:] }
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            guard let slash = relative.firstIndex(of: "/") else { continue }
            files[String(relative[..<slash]), default: []].append(
                (relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    /// Swift files anywhere under `folder`: (path below it, text).
    static func swiftFiles(in folder: URL) throws -> [(String, String)] {
        let prefix = folder.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            files.append(
                (
                    String(url.standardizedFileURL.path.dropFirst(prefix.count)),
                    try String(contentsOf: url, encoding: .utf8)
                ))
        }
        return files
    }

    /// Where each type is declared; a name declared in two folders (a private helper) is left out.
    static func declarations(in files: [String: [(String, String)]]) -> [String: String] {
        var owners: [String: Set<String>] = [:]
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        for (folder, texts) in files {
            for (_, text) in texts {
                let words = identifiers(in: text)
                for (keyword, name) in zip(words, words.dropFirst())
                where keywords.contains(keyword) && name.first?.isUppercase == true {
                    owners[String(name), default: []].insert(folder)
                }
            }
        }
        return owners.compactMapValues { $0.count == 1 ? $0.first : nil }
    }

    /// The capitalised identifiers of `text`, comments left out.
    static func typeNames(in text: String) -> Set<String> {
        Set(identifiers(in: text).filter { $0.first?.isUppercase == true }.map(String.init))
    }

    /// The words of `text` (letters, digits, `_`), comments and multi-line strings left out. Plain splitting on purpose:
    /// Unicode word boundaries would keep `ErrorMessage.render` as one word.
    private static func identifiers(in text: String) -> [Substring] {
        withoutComments(text).split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// `text` without comments and multi-line string literals (templates of generated code).
    private static func withoutComments(_ text: String) -> String {
        let quotes = "\"\"\""
        let code = text.components(separatedBy: quotes).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            .joined(separator: "\"\"")
        return code.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
    }
}
