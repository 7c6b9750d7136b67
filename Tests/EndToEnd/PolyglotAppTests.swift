import Foundation
import Testing
import TestSupport

/// The polyglot example (examples/polyglot.conf) through the real binary: its C scene (Tea) and its
/// C++ scene (Rating) built by their own tool, `make` with cc and c++, from copies of their folders
/// and of scene_host.h alone in a folder outside the repository, loaded next to the Swift plugin
/// (TastingScene) that `swift build` made. The script's run is examples/polyglot.transcript exactly:
/// every value crosses each way (Swift → C, C → Swift, Swift → C++, C++ → Swift) as its declared type.
@Suite("the polyglot example: Swift, C and C++ scenes by name, typed data both ways (end to end)")
struct PolyglotAppTests {
    static var examples: URL { BuildProducts.packageRoot.appendingPathComponent("examples") }

    /// The example's C and C++ scenes built in `folder`, and examples/polyglot.conf there, naming
    /// them and the Swift plugin; returns the config's path.
    ///
    /// `replacing` changes a source before it is built (a variant the checks must refuse).
    static func build(in folder: TemporaryFolder, replacing changes: [String: (String, String)] = [:]) throws -> String
    {
        let root = BuildProducts.packageRoot
        try folder.makeFolder("include")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Sources/CSceneHost/include/scene_host.h"),
            to: folder.url.appendingPathComponent("include/scene_host.h"))
        for (scene, source) in [("tea", "tea.c"), ("rating", "rating.cpp")] {
            try folder.makeFolder(scene)
            for file in [source, "Makefile"] {
                var text = try String(
                    contentsOf: examples.appendingPathComponent("polyglot/\(scene)/\(file)"), encoding: .utf8)
                if file == source, let (old, new) = changes[scene] {
                    #expect(text.contains(old), "the variant's change must apply to \(source)")
                    text = text.replacingOccurrences(of: old, with: new)
                }
                try folder.write(text, to: "\(scene)/\(file)")
            }
            // Their own tool, as a user builds them; the umask of CI, since plugins are refused from
            // group-writable folders and the test's own umask is not known.
            let made = try CLibraries.run(
                "/bin/sh",
                ["-c", "umask 022 && exec make -C \"$0\" INTERFACE=../include BUILD=../lib", folder.path(scene)])
            guard made.status == 0 else {
                throw CLibraries.ToolFailed(
                    description: "make -C \(scene) failed (make, cc and c++ are needed): \(made.output)")
            }
        }
        let config = try String(contentsOf: examples.appendingPathComponent("polyglot.conf"), encoding: .utf8)
            .replacingOccurrences(of: "../.build/debug/", with: BuildProducts.directory.path + "/")
            .replacingOccurrences(of: "../.build/c-scenes/", with: folder.path("lib") + "/")
        return try folder.write(config, to: "polyglot.conf")
    }

    @Test(
        "make builds Tea (C) and Rating (C++) outside the repository; the script runs to examples/polyglot.transcript")
    func scriptRunsToTranscript() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let config = try Self.build(in: folder)
        for library in ["libTea.so", "libRating.so"] {
            let needed = try CLibraries.run("/usr/bin/env", ["readelf", "-d", folder.path("lib/\(library)")])
            #expect(
                needed.status == 0 && !needed.output.contains("libswift"), "\(library) holds no Swift: \(needed.output)"
            )
        }
        let result = try HostProcess.run([
            "run", "--config", config, "--script", Self.examples.appendingPathComponent("polyglot.script").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let golden = try String(
            contentsOf: Self.examples.appendingPathComponent("polyglot.transcript"), encoding: .utf8)
        // No path appears in the transcript today; one that did would be the scratch folder's.
        #expect(result.stdout.replacingOccurrences(of: folder.url.path, with: "examples") == golden)
    }

    @Test(
        "every crossing shows its value: TeaInput, CommentInput and CommentResult both times, RatingInput, RatingResult with and without a comment"
    )
    func crossings() throws {
        let text = try String(
            contentsOf: Self.examples.appendingPathComponent("polyglot.transcript"), encoding: .utf8)
        let screens = text.components(separatedBy: "\n> ")
        func screen(after command: String, occurrence: Int = 1) -> String {
            screens.filter { $0.hasPrefix(command + "\n") }.dropFirst(occurrence - 1).first ?? ""
        }
        // Tasting → Tea: String, Double, Bool as C arguments.
        #expect(
            screen(after: "tap tea").contains(
                "== Sencha ==  (Tasting › Tea)\nlabel   price    Price: $4.50\nlabel   organic  Organic: yes"))
        // Tea → Comment (C payload → Swift input), and Comment → Tea (Swift result → C argument).
        #expect(screen(after: "tap comment").contains("label   subject  What do you think of Sencha?"))
        #expect(screen(after: "tap save").contains("label   note     Comment: grassy, a little sweet"))
        // Tasting → Rating (Swift → C++), Rating → Comment (C++ payload → Swift), Comment → Rating.
        #expect(screen(after: "tap rate").contains("== Rate Sencha =="))
        #expect(screen(after: "tap why").contains("label   subject  What do you think of Sencha?"))
        #expect(screen(after: "tap save", occurrence: 2).contains("label   comment  Comment: grassy"))
        // Rating → Tasting (C++ result → Swift), an Int and a String?, then the String? as nil.
        #expect(screen(after: "tap done").contains("label   rating  Sencha: 4 stars, 'grassy'"))
        #expect(screen(after: "tap done", occurrence: 2).contains("label   rating  Sencha: 2 stars, no comment"))
    }

    @Test(
        "check accepts the three plugins, in three languages, and every route's payload against its destination's input"
    )
    func checkAccepts() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let result = try HostProcess.run(["check", "--config", try Self.build(in: folder)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("3 plugins (TastingScene 1.0.0, TeaC 1.0.0, RatingCpp 1.0.0)"), "\(result.stdout)")
    }

    @Test("check refuses a C scene whose route passes what the Swift destination does not declare, naming both")
    func checkRefusesPayloadMismatch() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let config = try Self.build(
            in: folder,
            replacing: [
                "tea": (
                    #""Tea", "Comment", "push", "CommentInput", "subject: String""#,
                    #""Tea", "Comment", "push", "CommentInput", "subject: Int""#
                )
            ])
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 4, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                ": error: route from 'Tea' to 'Comment' (declared by plugin 'Tea'): the payload CommentInput does not fit the input CommentInput of 'Comment': field 'subject': expected String, given Int.\n"
            ), "\(result.stderr)")
    }

    @Test("serve: a browser's session crosses every language the same way, each action a form post")
    func serve() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let server = try ServeCommandTests.Server(["--config", try Self.build(in: folder)])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession()
        /// The page after the form post of `fields` on the session's current screen.
        func act(_ fields: String) throws -> String {
            let posted = try http.act(cookie: session.cookie, token: session.token, fields)
            #expect(posted.status == 303, "\(fields): \(posted.status) \(posted.body.prefix(300))")
            return try http.get(cookie: session.cookie).body
        }
        var page = try act("action=tap%3Atea")
        #expect(page.contains("Price: $4.50") && page.contains("Organic: yes"), "\(page)")
        page = try act("action=tap%3Acomment")
        #expect(page.contains("What do you think of Sencha?"), "\(page)")
        page = try act("field.text=floral&action=tap%3Asave")
        #expect(page.contains("Comment: floral"), "\(page)")
        _ = try act("action=tap%3Aback")
        page = try act("action=tap%3Arate")
        #expect(page.contains("Rate Sencha") && page.contains("3 stars"), "\(page)")
        _ = try act("action=tap%3Amore")
        page = try act("action=tap%3Awhy")
        #expect(page.contains("What do you think of Sencha?"), "\(page)")
        page = try act("field.text=floral&action=tap%3Asave")
        #expect(page.contains("4 stars") && page.contains("Comment: floral"), "\(page)")
        page = try act("action=tap%3Adone")
        #expect(page.contains("Sencha: 4 stars, ") && page.contains("floral"), "\(page)")
    }
}
