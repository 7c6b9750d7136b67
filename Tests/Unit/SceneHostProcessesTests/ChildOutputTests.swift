#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import SceneHostProcesses
import TestSupport

/// A child's standard streams, read by the host and printed line by line.
@Suite("Child output")
struct ChildOutputTests {
    @Test("each line is labelled and escaped, a long line cut with its count, and the total bounded")
    func relayed() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("printed")
        let destination = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(destination >= 0)
        let output = try ChildOutput(.lines(label: "scene worker", destination: destination))
        let long = String(repeating: "x", count: ChildOutput.lineLimit + 10)
        let text = "hello \u{1B}[2J\nsecond\n\(long)\nlast without a break"
        _ = text.withCString { write(output.writeEnd, $0, strlen($0)) }
        output.closeWriteEnd()
        let expected =
            "scene-host: plugin output (scene worker): hello \\u{1B}[2J\n"
            + "scene-host: plugin output (scene worker): second\n"
            + "scene-host: plugin output (scene worker): \(String(repeating: "x", count: ChildOutput.lineLimit)) [10 more bytes of this line not shown]\n"
            + "scene-host: plugin output (scene worker): last without a break\n"
        #expect(
            Processes.eventually { ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") == expected },
            "\((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")")
        close(destination)
    }

    @Test(
        "a trap's message is printed and its stack trace is not, unless traces are asked for (--verbose)",
        arguments: [false, true])
    func traces(shown: Bool) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("printed")
        let destination = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let output = try ChildOutput(.lines(label: "scene worker", destination: destination, traces: shown))
        let text =
            "loading\nRecipes/Detail.swift:42: Precondition failed: no recipe\nCurrent stack trace:\n"
            + "0    libswiftCore.so    0x00007f <unavailable> + 123\n20 scene-host-worker 0x0000 <unavailable> + 561057\n"
            + "after the trace\n"
        _ = text.withCString { write(output.writeEnd, $0, strlen($0)) }
        output.closeWriteEnd()
        let prefix = "scene-host: plugin output (scene worker): "
        let expected =
            shown
            ? text.split(separator: "\n").map { prefix + $0 + "\n" }.joined()
            : prefix + "loading\n" + prefix + "Recipes/Detail.swift:42: Precondition failed: no recipe\n" + prefix
                + "[its stack trace is not shown; run with --verbose to see it]\n" + prefix + "after the trace\n"
        #expect(
            Processes.eventually { ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") == expected },
            "\((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")")
        close(destination)
    }

    @Test("a flood past the total limit is cut with one line saying so")
    func flood() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("printed")
        let destination = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let output = try ChildOutput(.lines(label: "w", destination: destination))
        let line = Array(repeating: UInt8(ascii: "y"), count: 1023) + [0x0A]
        for _ in 0..<(ChildOutput.totalLimit / 1024 + 100) {
            _ = line.withUnsafeBytes { write(output.writeEnd, $0.baseAddress, $0.count) }
        }
        output.closeWriteEnd()
        let done = Processes.eventually {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").hasSuffix("the rest is not shown\n")
        }
        #expect(done)
        let printed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(
            printed.split(separator: "\n").count == ChildOutput.totalLimit / 1023 + 1,
            "\(printed.split(separator: "\n").count) lines")
        close(destination)
    }

    @Test(
        "kept: what a child wrote comes back escaped once it has ended; past the bound it is read to the end and counted"
    )
    func kept() throws {
        let output = try ChildOutput(.kept)
        let flood =
            [UInt8]("ok \u{1B}[31m\n".utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: ChildOutput.totalLimit)
        // Written from another thread, as a child writes: more than a pipe holds, so the reader must drain it.
        let writer = Thread { [writeEnd = output.writeEnd] in
            flood.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let written = write(writeEnd, base + offset, bytes.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        let text = output.kept()
        #expect(text.hasPrefix("ok \\u{1B}[31m\nzzz"), "\(text.prefix(40))")
        #expect(text.hasSuffix("\n[9 more bytes not shown]\n"), "\(text.suffix(60))")
    }
}
