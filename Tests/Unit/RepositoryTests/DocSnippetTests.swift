import Foundation
import Testing
import TestSupport

/// The authoring guide shows only code that CI builds: each Swift or TOML block is a copy of a
/// named file of the repository (see Sources/SceneSDK/SceneSDK.docc/Authoring.md, first lines).
@Suite("Doc snippets")
struct DocSnippetTests {
    static let root = BuildProducts.packageRoot

    /// The guide is an article of the SDK reference's catalog; docs/authoring.md only points to it.
    static let guide = "Sources/SceneSDK/SceneSDK.docc/Authoring.md"

    @Test("every Swift and TOML block of the authoring guide is copied word for word from the file it names")
    func authoringGuide() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent(Self.guide), encoding: .utf8)
        let snippets = DocSnippet.all(in: guide)
        #expect(snippets.filter { $0.source != nil }.count >= 15, "the guide lost its snippets")
        #expect(DocSnippetCheck(root: Self.root).problems(in: guide, named: Self.guide) == [])
    }

    @Test("a block that differs from its file by one character is reported with its line")
    func changedSnippet() throws {
        let guide =
            "text\n<!-- snippet: Plugins/HomeScene/HomePlugin.swift -->\n```swift\n    static let version = \"1.0.1\"\n```\n"
        #expect(
            DocSnippetCheck(root: Self.root).problems(in: guide, named: "g.md") == [
                "g.md:3: the snippet is not in Plugins/HomeScene/HomePlugin.swift word for word; copy it again from the file"
            ])
        let same = guide.replacingOccurrences(of: "1.0.1", with: "1.0.0")
        #expect(DocSnippetCheck(root: Self.root).problems(in: same, named: "g.md") == [])
    }

    @Test(
        "a Swift or C block without a marker, or naming a missing file, is reported; shell and output blocks are free")
    func unmarkedOrMissing() {
        let guide = """
            ```swift
            let x = 1
            ```
            <!-- snippet: Plugins/Nowhere.swift -->
            ```toml
            initial = "Home"
            ```
            ```sh
            swift build
            ```
            ```c
            int x = 1;
            ```
            """
        #expect(
            DocSnippetCheck(root: Self.root).problems(in: guide, named: "g.md") == [
                "g.md:1: a swift block without '<!-- snippet: PATH -->' on the line above it; copy it from a file CI builds and name that file",
                "g.md:5: the snippet's file Plugins/Nowhere.swift cannot be read; fix the path in its marker",
                "g.md:11: a c block without '<!-- snippet: PATH -->' on the line above it; copy it from a file CI builds and name that file",
            ])
    }

    @Test("the C snippets of 'Scenes in C' are copies of the demo's Detail in C, its Makefile included")
    func cScenesChapter() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent(Self.guide), encoding: .utf8)
        let chapter =
            try #require(guide.components(separatedBy: "\n## Scenes in C\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let sources = DocSnippet.all(in: chapter).compactMap(\.source)
        #expect(sources.filter { $0 == "Plugins/DetailC/detail.c" }.count >= 4, "\(sources)")
        #expect(sources.contains("Plugins/DetailC/Makefile"), "\(sources)")
    }

    @Test("markers and fences are parsed: the path, the language, the line, the code without fences")
    func parsing() {
        let snippets = DocSnippet.all(
            in: "a\n<!-- snippet: x/y.swift  -->\n```swift\nfoo()\n\nbar()\n```\n```\nplain\n```")
        #expect(
            snippets == [
                DocSnippet(line: 3, language: "swift", source: "x/y.swift", code: "foo()\n\nbar()"),
                DocSnippet(line: 8, language: "", source: nil, code: "plain"),
            ])
    }
}
