import Foundation
import Testing
import TestSupport

/// The docs stand on their own: their links lead to files and headings of this repository, and
/// nothing points at design notes that live outside it.
@Suite("Doc links")
struct DocLinkTests {
    static let root = BuildProducts.packageRoot
    static let documents = [
        "README.md", "docs/authoring.md", "Sources/SceneSDK/SceneSDK.docc/Authoring.md",
        "Sources/SceneSDK/SceneTesting/Sources/SceneTesting/SceneTesting.docc/SceneTesting.md", "docs/architecture.md",
        "docs/decisions.md", "docs/performance.md",
        "docs/guide.md", "docs/cli.md", "docs/production.md", "docs/security.md", "docs/layout.md",
        "docs/history/performance-rounds.md", "docs/history/decisions-reasoning.md",
    ]

    @Test("every relative link of the docs leads to a file of the repository, and its #anchor to a heading there")
    func relativeLinksResolve() throws {
        for document in Self.documents {
            let url = Self.root.appendingPathComponent(document)
            let text = try String(contentsOf: url, encoding: .utf8)
            for link in Self.relativeLinks(in: text) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target =
                    parts[0].isEmpty
                    ? url : url.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: target.path), "\(document): link \(link): no such file")
                guard parts.count == 2, target.pathExtension == "md" else { continue }
                let headings = Self.anchors(in: (try? String(contentsOf: target, encoding: .utf8)) ?? "")
                #expect(headings.contains(parts[1]), "\(document): link \(link): no such heading")
            }
        }
    }

    @Test("nothing in the repository points at the design notes outside it")
    func noPointerOutside() throws {
        // Built from parts, so this file does not match itself.
        let needles = ["DESIGN" + ".md", "../" + "shared", "shared/" + "seeds"]
        let folders = [
            "README.md", "docs", "scripts", "Sources", "Plugins", "Tests", "examples", "Examples", "Benchmarks",
            "Package.swift", ".ci", "scenes.conf",
        ]
        var offenders: [String] = []
        for folder in folders {
            for file in try Self.files(under: Self.root.appendingPathComponent(folder)) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                if needles.contains(where: text.contains) { offenders.append(file.path) }
            }
        }
        #expect(offenders == [])
    }

    @Test("anchors are made as GitHub makes them from headings")
    func anchorsOfHeadings() {
        #expect(
            Self.anchors(in: "### What the host refuses, and why\n## Layout\ntext # not\n```\n# code\n```")
                == ["what-the-host-refuses-and-why", "layout"])
    }

    /// Targets of `[text](target)` links that are not web addresses.
    static func relativeLinks(in markdown: String) -> [String] {
        var links: [String] = []
        var rest = Substring(markdown)
        while let start = rest.range(of: "](") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<end])
            if !target.contains("://"), !target.hasPrefix("mailto:"), !target.contains(" ") { links.append(target) }
        }
        return links
    }

    /// GitHub's anchors for the headings outside code blocks: lower case, punctuation dropped, spaces as dashes.
    static func anchors(in markdown: String) -> [String] {
        var anchors: [String] = []
        var inCode = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let kept = title.lowercased().unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            }
            anchors.append(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }

    /// Every regular file under `url` (or `url` itself), skipping build folders.
    static func files(under url: URL) throws -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [url] }
        let found = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [URL] = []
        while let next = found?.nextObject() as? URL {
            if next.lastPathComponent.hasPrefix(".build") { found?.skipDescendants(); continue }
            if (try? next.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { files.append(next) }
        }
        return files
    }
}
