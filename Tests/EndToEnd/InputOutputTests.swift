import Foundation
import Testing
import TestSupport

/// Bounded, calm and exact on any input: endless or huge scripts, unreadable inputs, closed or
/// full output, hostile text. Through the built binary, as a user (or an attacker) would run it.
@Suite("scene-host on hostile input and output (end to end)")
struct InputOutputTests {
    static let tooLong = "error: the line is longer than 65536 bytes, the limit for one command. Is this a script?\n"

    private func demo() throws -> (folder: TemporaryFolder, config: String) {
        let folder = try TemporaryFolder()
        return (folder, try folder.write(DemoConfig.text, to: "scenes.conf"))
    }

    @Test("endless input without a line break (/dev/zero) ends quickly with the located error")
    func devZero() throws {
        let (_, config) = try demo()
        let result = try HostShell.run(
            "\"$HOST\" run --config '\(config)' </dev/zero; echo $? >\"$STATUS\"", timeout: .seconds(30))
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr == "<stdin>:1: " + Self.tooLong)
    }

    @Test("the same through a pipe: cat /dev/zero | scene-host run")
    func devZeroPipe() throws {
        let (_, config) = try demo()
        let result = try HostShell.run(
            "cat /dev/zero | \"$HOST\" run --config '\(config)'; echo ${PIPESTATUS[1]} >\"$STATUS\"",
            timeout: .seconds(30))
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr == "<stdin>:1: " + Self.tooLong)
    }

    @Test("an over-long line in a script file is refused before anything runs")
    func longLineInScript() throws {
        let (folder, config) = try demo()
        let script = try folder.write(
            "fill message Hi\n" + String(repeating: "x", count: 70_000) + "\ntap showDetail\n", to: "long.script")
        let result = try HostShell.run("\"$HOST\" run --config '\(config)' --script '\(script)'; echo $? >\"$STATUS\"")
        #expect(result.status == 5)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "\(script):2: " + Self.tooLong)
    }

    @Test("a large valid script runs to its end, piped and as a file (read line by line)")
    func largeScript() throws {
        let (folder, config) = try demo()
        let lines = String(repeating: "# a comment line that takes some room\n\n", count: 100_000)
        let script = try folder.write(lines + "fill message Hello\n" + lines + "tap showDetail\n", to: "big.script")
        for command in [
            "\"$HOST\" run --config '\(config)' --script '\(script)'",
            "cat '\(script)' | \"$HOST\" run --config '\(config)'",
        ] {
            let result = try HostShell.run(command + "; echo ${PIPESTATUS[-1]} >\"$STATUS\"")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasSuffix("> tap showDetail\n" + RunCommandTests.detailWithHello + "\n"))
        }
    }

    @Test("piped commands run as they come; a syntax error stops the script at its line, exit 5")
    func pipedSyntaxError() throws {
        let (_, config) = try demo()
        let result = try HostShell.run(
            "printf 'fill message Hi\\n  jump\\ntap showDetail\\n' | \"$HOST\" run --config '\(config)'; echo ${PIPESTATUS[1]} >\"$STATUS\""
        )
        #expect(result.status == 5)
        #expect(result.stdout.contains("> fill message Hi\n"))
        #expect(!result.stdout.contains("tap showDetail"))
        #expect(
            result.stderr
                == "<stdin>:2:3: error: unknown command 'jump'; commands: fill, tap, select, toggle, choose, tab, back, dismiss, print, wait, call.\n"
        )
    }

    @Test("scripts that cannot be read: a folder, a FIFO (without blocking), a device, a symlink loop, not UTF-8")
    func unreadableScripts() throws {
        let (folder, config) = try demo()
        let fifo = folder.path("fifo.script")
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("loop1"), withDestinationPath: folder.path("loop2"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("loop2"), withDestinationPath: folder.path("loop1"))
        let latin1 = try folder.write(bytes: Array("fill message ".utf8) + [0xE9, 0x0A], to: "latin1.script")
        let hint = "Pass --script with a script file, or pipe the commands to standard input."
        let cases = [
            (
                folder.url.path,
                "error: cannot read script file '\(folder.url.path)': it is a folder, not a file. \(hint)"
            ),
            (
                fifo,
                "error: cannot read script file '\(fifo)': it is a named pipe (FIFO), not a regular file; the host does not wait on pipes. \(hint)"
            ),
            ("/dev/zero", "error: cannot read script file '/dev/zero': it is a device, not a regular file. \(hint)"),
            (
                folder.path("loop1"),
                "error: cannot read script file '\(folder.path("loop1"))': its symbolic links form a loop. Fix the link, or pass the file's real path."
            ),
            (latin1, "\(latin1):1:14: error: the script is not valid UTF-8 (byte 0xE9). Save it as UTF-8."),
        ]
        for (script, message) in cases {
            let result = try HostShell.run(
                "\"$HOST\" run --config '\(config)' --script '\(script)'; echo $? >\"$STATUS\"", timeout: .seconds(30))
            #expect(result.status == 5, "\(script): \(result.stderr)")
            #expect(result.stderr == message + "\n")
        }
    }

    @Test("configs that cannot be read: a folder and a FIFO (without blocking), exit 2")
    func unreadableConfigs() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("fifo.conf")
        #expect(mkfifo(fifo, 0o600) == 0)
        for (config, what) in [
            (folder.url.path, "it is a folder, not a file"),
            (fifo, "it is a named pipe (FIFO), not a regular file; the host does not wait on pipes"),
        ] {
            let result = try HostShell.run(
                "\"$HOST\" check --config '\(config)'; echo $? >\"$STATUS\"", timeout: .seconds(30))
            #expect(result.status == 2)
            #expect(
                result.stderr.hasPrefix(
                    "error: cannot read config file '\(config)': \(what). Pass --config with the config file itself.\n")
            )
        }
    }

    @Test(
        "closed and full standard streams never turn an error into a signal; the exit code stays",
        arguments: [
            ">&- 2>&-", "2>&-", ">/dev/full 2>/dev/full", "2>/dev/full",
        ])
    func closedOrFullStreams(redirection: String) throws {
        let folder = try TemporaryFolder()
        let result = try HostShell.run(
            "\"$HOST\" check --config '\(folder.path("missing.conf"))' \(redirection); echo $? >\"$STATUS\"")
        #expect(result.status == 2)
    }

    @Test("output to a closed pipe or a full disk is given up quietly; the run's exit code stays")
    func lostOutput() throws {
        let (folder, config) = try demo()
        let script = try folder.write(String(repeating: "print\n", count: 2_000), to: "many.script")
        let run = "\"$HOST\" run --config '\(config)' --script '\(script)'"
        let pipe = try HostShell.run("\(run) | head -c 10 >/dev/null; echo ${PIPESTATUS[0]} >\"$STATUS\"")
        #expect(pipe.status == 0, "\(pipe.stderr)")
        let full = try HostShell.run("\(run) >/dev/full; echo $? >\"$STATUS\"")
        #expect(full.status == 0, "\(full.stderr)")
        let closed = try HostShell.run("\(run) >&-; echo $? >\"$STATUS\"")
        #expect(closed.status == 0, "\(closed.stderr)")
    }

    @Test("a config value with an escape sequence and a line break prints escaped, on one line")
    func escapedConfigValue() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("initial = \"Home\\u001B[2J\\nerror: fake\"\n", to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "\(config):1:11: error: 'initial' is \"Home\\u{1B}[2J\\nerror: fake\", which a script or the terminal cannot type: ids and scene names are one word of letters, digits and punctuation, without spaces, tabs or control characters.\n"
            ))
        #expect(!result.stderr.contains("\u{1B}"))
    }
}
