import Foundation
import Testing
import TestSupport

/// The graph the compiler holds is the one the code uses: each host target declares in
/// Package.swift exactly the modules its sources import, and each import of a host module names
/// something that module declares.
@Suite("Architecture: declared edges and imports")
struct TargetImportTests {
    static let root = BuildProducts.packageRoot

    /// Modules of the toolchain and the system: imported without a declared dependency.
    static let system: Set<String> = [
        "Foundation", "FoundationEssentials", "Glibc", "Dispatch", "Synchronization", "Testing", "SwiftOverlayShims",
    ]

    /// Package.swift's host targets (in Sources/, named SceneHost* or scene-host*) and each one's declared
    /// dependencies as module names: targets and products by name, `sdk` as SceneSDK.
    static func declared() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        for block in text.components(separatedBy: "Target(").dropFirst()
            + text.components(separatedBy: ".target(").dropFirst()
        {
            guard let name = block.firstMatch(of: /name: "([^"]+)"/)?.1.description, hostTarget(name) else { continue }
            var uses: Set<String> = []
            if let found = block.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
                // A product's package is no module.
                let list = found.replacing(/package: "[^"]*"/, with: "")
                for match in list.matches(of: /(?:^|[\[,\s])"([A-Za-z0-9-]+)"/)
                where !match.1.contains("-") || match.1.hasPrefix("scene-host") {
                    uses.insert(String(match.1))
                }
                if list.contains(/\bsdk\b/) { uses.insert("SceneSDK") }
            }
            graph[name, default: []].formUnion(uses)
        }
        return graph
    }

    static func hostTarget(_ name: String) -> Bool {
        (name.hasPrefix("SceneHost") || name.hasPrefix("scene-host")) && !name.hasSuffix("Tests")
            && !name.hasPrefix("scene-host-bench")
            && FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/\(name)").path)
    }

    /// `text` without its multi-line string literals (the scaffold's templates hold other packages' imports).
    static func code(_ text: String) -> String {
        text.replacing(/"""(?s:.*?)"""/, with: "\"\"")
    }

    /// The modules the sources of `target` import, with the file that imports each first.
    static func imported(by target: String) throws -> [String: String] {
        var modules: [String: String] = [:]
        for (file, text) in try FolderLayers.swiftFiles(in: root.appendingPathComponent("Sources/\(target)")) {
            for module in LoadingTargets.imports(in: code(text)) where modules[module] == nil { modules[module] = file }
        }
        return modules
    }

    @Test("each host target depends in Package.swift on exactly the modules its sources import")
    func declaredEdgesAreUsed() throws {
        let graph = try Self.declared()
        #expect(graph.count >= 20, "\(graph.keys.sorted())")
        for (target, uses) in graph.sorted(by: { $0.key < $1.key }) {
            let imports = try Self.imported(by: target)
            // The SDK's product brings its ABI module along.
            let named = Set(imports.keys).subtracting(Self.system).subtracting([target, "SceneABI"])
            for unused in uses.subtracting(named).sorted() {
                Issue.record(
                    "\(target) depends on \(unused) in Package.swift, but none of its sources imports it: remove the edge"
                )
            }
            for undeclared in named.subtracting(uses).sorted() {
                Issue.record(
                    "Sources/\(target)/\(imports[undeclared] ?? "") imports \(undeclared), which \(target) does not name in Package.swift: name it"
                )
            }
        }
    }

    /// What a host module declares that another file can name: its types, and the `package` functions
    /// and properties at the top level or in its extensions.
    static func declaredNames(of module: String) throws -> Set<String> {
        var names: Set<String> = []
        for (_, text) in try FolderLayers.swiftFiles(in: root.appendingPathComponent("Sources/\(module)")) {
            let keywords = ["class", "struct", "enum", "protocol", "actor", "typealias", "package", "extension"]
            for line in text.split(separator: "\n") where keywords.contains(where: { line.contains($0) }) {
                if let match = line.firstMatch(
                    of:
                        /^(?:@[\w()]+\s+)*(?:(?:package|public|open|final|indirect|nonisolated)\s+)*(?:class|struct|enum|protocol|actor|typealias)\s+(\w+)/
                ) {
                    names.insert(String(match.1))
                }
                if let match = line.firstMatch(
                    of:
                        /^\s*(?:@[\w()]+\s+)*package\s+(?:(?:static|final|nonisolated|mutating|override|class|convenience)\s+)*(?:func|var|let|case)\s+(\w+)/
                ) {
                    names.insert(String(match.1))
                }
                if line.hasPrefix("extension "), let match = line.firstMatch(of: /^extension\s+(\w+)/) {
                    names.insert(String(match.1))
                }
            }
        }
        return names
    }

    @Test("every import of a host module in the host's sources names something that module declares")
    func importsNameSomething() throws {
        let modules = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources").path
        )
        .filter { $0.hasPrefix("SceneHost") }
        var names: [String: Set<String>] = [:]
        for module in modules { names[module] = try Self.declaredNames(of: module) }
        var checked = 0
        for target in try Self.declared().keys.sorted() {
            for (file, text) in try FolderLayers.swiftFiles(in: Self.root.appendingPathComponent("Sources/\(target)")) {
                let code = Self.code(text).split(separator: "\n").filter { !$0.contains("import ") }.map {
                    $0.split(separator: "//", maxSplits: 1).first ?? ""
                }.joined(separator: "\n")
                let words = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
                for module in LoadingTargets.imports(in: Self.code(text)) where module != target {
                    guard let declared = names[module] else { continue }
                    checked += 1
                    #expect(
                        !words.isDisjoint(with: declared),
                        "Sources/\(target)/\(file) imports \(module) but names nothing it declares: remove the import")
                }
            }
        }
        #expect(checked > 300, "\(checked) imports checked")
    }

    @Test("one spawn path: only ProcessSpawner starts a process, and only ServeLauncher replaces one")
    func oneSpawnPath() throws {
        var spawners: [String] = [], replacers: [String] = []
        for target in try Self.declared().keys {
            for (file, text) in try FolderLayers.swiftFiles(in: Self.root.appendingPathComponent("Sources/\(target)")) {
                let code = text.split(separator: "\n").filter {
                    !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                }.joined(separator: "\n")
                if code.contains(/\b(posix_spawnp?|fork|vfork)\(|\bProcess\(\)/) {
                    spawners.append("\(target)/\(file)")
                }
                if code.contains(/\bexecv?[pe]*\(/) { replacers.append("\(target)/\(file)") }
            }
        }
        #expect(spawners == ["SceneHostProcesses/ProcessSpawner.swift"], "\(spawners)")
        #expect(replacers == ["scene-host/ServeLauncher.swift"], "\(replacers)")
    }
}
