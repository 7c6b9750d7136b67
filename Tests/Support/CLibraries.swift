import Foundation

/// Small C shared libraries built at test time with the toolchain's clang, for dependency tests.
package enum CLibraries {
    package struct ToolFailed: Error, CustomStringConvertible {
        package init(description: String) { self.description = description }
        package let description: String
    }

    /// The toolchain's clang: on PATH, or next to the running Swift runtime (`<toolchain>/usr/bin`).
    package static let clang: String? = {
        var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
            let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
            let start = line.firstIndex(of: "/")
        {
            // <toolchain>/usr/lib/swift/linux/libswiftCore.so -> <toolchain>/usr/bin
            let library = URL(fileURLWithPath: String(line[start...]))
            folders.append(
                library.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("bin").path)
        }
        return folders.map { $0 + "/clang" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Compiles `source` (C) into the shared library `output`, with extra linker arguments.
    package static func build(_ source: String, to output: String, arguments: [String] = []) throws {
        guard let clang else { throw ToolFailed(description: "no clang found on PATH or next to the Swift runtime") }
        let file = output + ".c"
        try Data(source.utf8).write(to: URL(fileURLWithPath: file))
        let result = try run(clang, ["-shared", "-fPIC", "-o", output, file] + arguments)
        guard result.status == 0 else { throw ToolFailed(description: "clang failed: \(result.output)") }
        try FileManager.default.removeItem(atPath: file)
        chmod(output, 0o755)
    }

    /// A library whose constructor writes `marker` when it is loaded: the proof that its code ran.
    package static func markerSource(_ marker: String, symbol: String = "dependency") -> String {
        """
        #include <stdio.h>
        __attribute__((constructor)) static void wrote_marker(void) {
            FILE *file = fopen("\(marker)", "w");
            if (file) { fputs("ran", file); fclose(file); }
        }
        int \(symbol)(void) { return 42; }
        """
    }

    /// A "plugin" that calls `symbol` of the library it links.
    package static func callerSource(_ symbol: String = "dependency") -> String {
        "int \(symbol)(void);\nint plugin_calls(void) { return \(symbol)(); }\n"
    }

    /// Runs a tool to its end, standard output and error together: posix_spawn and a time limit
    /// (ChildRun), not Foundation's Process, whose waitUntilExit was seen to wait forever for a child
    /// that had ended, under a full test run's load.
    package static func run(
        _ tool: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> (status: Int32, output: String) {
        let result = try ChildRun.run(
            tool, arguments, input: "", in: nil, environment: environment ?? ProcessInfo.processInfo.environment,
            timeLimit: .seconds(600))
        return (result.status, result.stdout + result.stderr)
    }
}
