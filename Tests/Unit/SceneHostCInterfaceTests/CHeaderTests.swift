import Foundation
import Testing
import TestSupport
import SceneHostCInterface

/// The header C plugins are built with is the one the interface table writes, and it compiles.
@Suite("C interface: the header")
struct CHeaderTests {
    /// The committed header, which the runtime (SceneHostCScenes) compiles against.
    static let committedPath = BuildProducts.packageRoot.appendingPathComponent(
        "Sources/CSceneHost/include/scene_host.h"
    ).path

    static func committed() throws -> String {
        try String(contentsOfFile: committedPath, encoding: .utf8)
    }

    @Test("the header written from the table is the committed scene_host.h, byte for byte")
    func headerIsCommitted() throws {
        let committed = try Self.committed()
        let written = CInterface.header
        if written != committed {
            let writtenLines = written.split(separator: "\n", omittingEmptySubsequences: false)
            let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
            let first =
                zip(writtenLines, committedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(writtenLines.count, committedLines.count)
            let shown = { (lines: [Substring]) in first < lines.count ? String(lines[first]) : "(the end)" }
            Issue.record(
                """
                \(Self.committedPath) is not what the table writes; write it again with \
                'scene-host interface --format c --output \(Self.committedPath)'. First difference, line \(first + 1):
                written:   \(shown(writtenLines))
                committed: \(shown(committedLines))
                """)
        }
    }

    @Test("no line of the header is longer than 120 columns, and none ends in a space")
    func lines() {
        for line in CInterface.header.split(separator: "\n") {
            #expect(line.count <= 120, "\(line)")
            #expect(line.last != " ", "\(line)")
        }
    }

    @Test("the header names every role and every field type in its opening comment")
    func contract() throws {
        let header = CInterface.header
        let opening = try #require(header.range(of: "*/")).lowerBound
        let comment = String(header[..<opening])
        for role in CRole.catalogue {
            #expect(comment.contains(" *   <Scene>\(role.name)  "), "\(role.name)")
        }
        #expect(comment.contains(" *   <Scene>Router_routeTo<Destination>WithSegue  void(pointer store, string segue)"))
        #expect(comment.contains(" *   <Scene>Interactor_create"))
        for type in CFieldType.allCases {
            #expect(comment.contains(" *   \(type.rawValue) "), "\(type)")
        }
        #expect(comment.contains("version \(CInterface.version)."))
    }

    /// A source that includes the header and nothing else, and the compiler that checks it.
    static let compilers: [(file: String, text: String, command: [String])] = [
        ("alone.c", "#include \"scene_host.h\"\n", ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-fsyntax-only"]),
        ("alone.cpp", "#include \"scene_host.h\"\n", ["c++", "-std=c++17", "-Wall", "-Werror", "-fsyntax-only"]),
    ]

    @Test("the header compiles alone as C11 and as C++17, without a warning")
    func compiles() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.write(CInterface.header, to: CInterface.headerName)
        for compiler in Self.compilers {
            let source = try folder.write(compiler.text, to: compiler.file)
            // `env` finds the compiler on PATH.
            let result = try ChildRun.run(
                "/usr/bin/env", compiler.command + ["-I", folder.url.path, source], input: "", in: folder.url,
                environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(120))
            #expect(
                result.status == 0 && !result.signaled && result.stderr.isEmpty,
                "\(compiler.command.joined(separator: " ")) \(compiler.file): \(result.status)\n\(result.stderr)")
        }
    }
}
