import Foundation
import Testing
import TestSupport

/// Golden transcripts: every example script against its `examples/*.transcript`, and what
/// `--expect` and `--record` print when a run does not match.
@Suite("scene-host run --expect / --record (end to end)")
struct TranscriptTests {
    static var examples: URL { BuildProducts.packageRoot.appendingPathComponent("examples") }

    /// `examples/NAME.script` runs with `examples/NAME.conf` when there is one, else the package's
    /// scenes.conf. An example's config runs from a fresh scratch copy (`ExampleConfig`): a database
    /// it names starts from its seed on every run, and is never made in examples/.
    static func arguments(forExample name: String) throws -> [String] {
        let config = examples.appendingPathComponent("\(name).conf")
        let configPath =
            FileManager.default.fileExists(atPath: config.path)
            ? try ExampleConfig.copy("\(name).conf", into: TemporaryFolder())
            : BuildProducts.packageRoot.appendingPathComponent("scenes.conf").path
        return ["run", "--config", configPath, "--script", examples.appendingPathComponent("\(name).script").path]
    }

    static func exampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".script") }.map { String($0.dropLast(".script".count)) }.sorted()
    }

    /// Examples whose scenes another tool builds (`make`, not `swift build`): their own test builds
    /// them and runs the script to the transcript (`PolyglotAppTests`).
    static let builtByOtherTools: Set<String> = ["polyglot"]

    @Test("every example script has a transcript, and runs to it exactly, from any current folder")
    func examplesMatchTheirTranscripts() throws {
        let names = try Self.exampleNames()
        #expect(names.count >= 3, "\(names)")
        let elsewhere = try TemporaryFolder()
        for name in names {
            let transcript = Self.examples.appendingPathComponent("\(name).transcript").path
            #expect(
                FileManager.default.fileExists(atPath: transcript),
                "examples/\(name).script has no examples/\(name).transcript")
            if Self.builtByOtherTools.contains(name) { continue }
            let result = try HostProcess.run(
                try Self.arguments(forExample: name) + ["--expect", transcript], in: elsewhere.url)
            #expect(result.status == 0, "\(name): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(name): \(result.stdout)\(result.stderr)")
        }
    }

    @Test("no transcript holds an absolute path or a time of day")
    func transcriptsAreMachineIndependent() throws {
        for name in try Self.exampleNames() {
            let text = try String(
                contentsOfFile: Self.examples.appendingPathComponent("\(name).transcript").path, encoding: .utf8)
            #expect(!text.contains(BuildProducts.packageRoot.path), "\(name)")
            #expect(
                text.range(of: #"(^|[\s'"(])/[A-Za-z]"#, options: .regularExpression) == nil,
                "\(name) holds an absolute path")
            #expect(text.range(of: #"\d{1,2}:\d{2}:\d{2}"#, options: .regularExpression) == nil, "\(name) holds a time")
        }
    }

    @Test("a transcript that differs: the exact unified diff on standard output, the error on standard error, exit 1")
    func changedTranscript() throws {
        let folder = try TemporaryFolder()
        let golden = try String(
            contentsOfFile: Self.examples.appendingPathComponent("hello-code.transcript").path, encoding: .utf8)
        let changed = try folder.write(
            golden.replacingOccurrences(of: "label   message  Hello", with: "label   message  Hi"),
            to: "changed.transcript")
        let result = try HostProcess.run(try Self.arguments(forExample: "hello-code") + ["--expect", changed])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                --- expected
                +++ actual
                @@ -13,7 +13,7 @@
                 
                 > tap openDetail
                 == Detail ==  (Home › Detail)
                -label   message  Hi
                +label   message  Hello
                 button  done     [Done]
                 
                 > tap done

                """)
        #expect(
            result.stderr
                == "error: the run does not match the transcript '\(changed)' (the diff above: - expected, + actual). If the change is intended, record it again with --record \(changed) (without --expect).\n"
        )
    }

    @Test("--record writes what --expect checks; recording over another run shows the diff and says it replaced it")
    func recordThenExpect() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("new.transcript")
        let first = try HostProcess.run(try Self.arguments(forExample: "hello-segue") + ["--record", file])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let golden = try String(
            contentsOfFile: Self.examples.appendingPathComponent("hello-segue.transcript").path, encoding: .utf8)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == golden)
        // While it records it shows the run: what it writes to the file, as it goes.
        #expect(first.stdout == golden)
        try folder.write("== Home ==  (Home)\n", to: "new.transcript")
        let again = try HostProcess.run(try Self.arguments(forExample: "hello-segue") + ["--record", file])
        #expect(again.status == 0)
        #expect(
            again.stderr.hasPrefix("--- expected\n+++ actual\n@@ -1 +1,24 @@\n == Home ==  (Home)\n+label   prompt"),
            "\(again.stderr)")
        #expect(
            again.stderr.hasSuffix(
                "\nwarning: --record replaced the transcript \(file), which held another run (the diff above: - before, + now).\n"
            ), "\(again.stderr)")
        let check = try HostProcess.run(try Self.arguments(forExample: "hello-segue") + ["--expect", file])
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test("--expect with --record is a usage error; a missing transcript is a script error naming it")
    func refusals() throws {
        let both = try HostProcess.run(
            try Self.arguments(forExample: "hello-segue") + ["--expect", "a", "--record", "b"])
        #expect(both.status == 64)
        #expect(
            both.stderr.hasPrefix(
                "Error: --expect and --record exclude each other: record a transcript once, then check runs against it.\n"
            ))
        let missing = try HostProcess.run(
            try Self.arguments(forExample: "hello-segue") + ["--expect", "nowhere.transcript"])
        #expect(missing.status == 5)
        #expect(missing.stdout.isEmpty)
        #expect(
            missing.stderr
                == "error: transcript file 'nowhere.transcript' not found. Record it first: scene-host run --script FILE --record nowhere.transcript\n"
        )
    }
}
