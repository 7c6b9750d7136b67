import Foundation
import Testing
import TestSupport

/// `scene-host call` and the script's `call` through the real binary, with the C plugins:
/// results, callbacks, refusals with their exact messages and exit code 64, and a C plugin
/// whose table is malformed refused by `check` (exit 3) before any of its code runs.
@Suite("scene-host call (end to end)")
struct NativeCallTests {
    static func config(in folder: TemporaryFolder) throws -> String {
        try folder.write(
            DemoConfig.config(plugins: [
                ("HomeScene", BuildProducts.library("HomeScene")),
                ("DetailScene", BuildProducts.library("DetailScene")),
                ("Pricing", BuildProducts.library("NativePricing")),
                ("Types", BuildProducts.library("FixtureNativeTypes")),
            ]), to: "scenes.conf")
    }

    static func call(_ arguments: [String]) throws -> HostProcess.Result {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        return try HostProcess.run(["call", "--config", try config(in: folder)] + arguments)
    }

    @Test(
        "calls by name, converting text arguments by the signature",
        arguments: [
            (["Pricing.order_total", "3", "2.5", "0.5"], "7.0\n"),
            (["Pricing.format_price", "12.5"], "$12.50\n"),
            (["Pricing.unit_price", "Tea"], "2.5\n"),
            (["Types.echo_int8", "-128"], "-128\n"),
            (["Types.echo_uint64", "0xFFFFFFFFFFFFFFFF"], "18446744073709551615\n"),
            (["Types.echo_bool", "true"], "true\n"),
            (["Types.echo_string", "two words"], "two words\n"),
            (["Types.nothing"], "(void)\n"),
            (["Pricing.price_rules", "print"], "callback(Tea, 2.5)\ncallback(Cake, 4.0)\ncallback(Coffee, 3.0)\n3\n"),
        ])
    func calls(arguments: [String], output: String) throws {
        let result = try Self.call(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == output)
    }

    @Test("a function that returns a string not in UTF-8 is the plugin's error: exit 3, not usage")
    func badReturnIsThePlugins() throws {
        let result = try Self.call(["Types.bad_string"])
        #expect(result.status == 3 && !result.signaled)
        #expect(
            result.stderr
                == "error: Types.bad_string returned a string that is not valid UTF-8. Fix the native function to return UTF-8.\n"
        )
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "refuses wrong arguments before calling, naming the parameter, expected and given",
        arguments: [
            (
                ["Pricing.order_total", "3", "2.5"],
                "error: Pricing.order_total takes 3 arguments (double(int64, double, double)), given 2. Pass one argument per parameter."
            ),
            (
                ["Pricing.order_total", "three", "2.5", "0"],
                "error: Pricing.order_total: parameter 1 expects int64, given \"three\"."
            ),
            (
                ["Types.echo_int8", "128"],
                "error: Types.echo_int8: parameter 1 expects int8, given integer 128, which is out of its range."
            ),
            (
                ["Types.echo_pointer", "0x1234"],
                "error: Types.echo_pointer: parameter 1 expects pointer, given \"0x1234\"."
            ),
            (
                ["Pricing.price_rules", "cb"],
                "error: Pricing.price_rules: parameter 1 expects callback(void(string, double)) (write 'print'), given \"cb\"."
            ),
            (
                ["Pricing.order_totl", "1", "1", "1"],
                "error: no native function 'Pricing.order_totl'. Did you mean 'Pricing.order_total'? (native functions: Pricing.format_price, Pricing.order_discount, Pricing.order_total, Pricing.price_rules, Pricing.unit_price, Types.abort_now, Types.bad_string, Types.call_back, Types.echo_bool, Types.echo_double, Types.echo_float, Types.echo_int16, Types.echo_int32, Types.echo_int64, Types.echo_int8, Types.echo_pointer, Types.echo_string, Types.echo_uint16, Types.echo_uint32, Types.echo_uint64, Types.echo_uint8, Types.mixed, Types.nothing, Types.poke, Types.sum_with; 'scene-host list' shows them)"
            ),
            (
                ["order_total"],
                "error: 'order_total' does not name a native function; write PLUGIN.FUNCTION, with the plugin's table name in the config."
            ),
            (["Types.echo_int32", "-+5"], "error: Types.echo_int32: parameter 1 expects int32, given \"-+5\"."),
            (["Types.echo_int32", "0x+1"], "error: Types.echo_int32: parameter 1 expects int32, given \"0x+1\"."),
            (
                ["Types.echo_float", "1e-50"],
                "error: Types.echo_float: parameter 1 expects float, given 1e-50, which is not zero but too small for float and would become 0. Write 0 for zero, or a number float can hold."
            ),
        ])
    func refuses(arguments: [String], message: String) throws {
        let result = try Self.call(arguments)
        #expect(result.status == 64)
        #expect(!result.signaled)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
    }

    /// What `--in-process` says on standard error, every time a user asks for it.
    static let inProcessWarning =
        "warning: --in-process: plugin code runs in this process, outside the sandbox: a plugin's crash or hang ends it, and its code can read and change this process's memory. Use it only for debugging.\n"

    @Test(
        "call --in-process finds the native functions call finds, and prints what call prints (issue 31, point 12)",
        arguments: [
            (["Pricing.order_total", "3", "2.5", "0.5"], 0 as Int32, "7.0\n", ""),
            (
                ["Pricing.price_rules", "print"], 0,
                "callback(Tea, 2.5)\ncallback(Cake, 4.0)\ncallback(Coffee, 3.0)\n3\n", ""
            ),
            (["Types.nothing"], 0, "(void)\n", ""),
            (
                ["Pricing.order_total", "three", "2.5", "0"], 64, "",
                "error: Pricing.order_total: parameter 1 expects int64, given \"three\".\n"
            ),
        ])
    func inProcessCallsAlike(arguments: [String], status: Int32, output: String, error: String) throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let config = try Self.config(in: folder)
        for mode in [[], ["--in-process"]] {
            let result = try HostProcess.run(["call", "--config", config] + mode + arguments)
            #expect(result.status == status, "\(mode): \(result.stderr)")
            #expect(result.stdout == output, "\(mode)")
            #expect(result.stderr == (mode.isEmpty ? "" : Self.inProcessWarning) + error, "\(mode)")
        }
    }

    @Test(
        "docs/guide.md's call of the orders example, with and without --in-process: 7.0 both ways (issue 31, point 12)")
    func readmeCallInProcess() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let config = try ExampleConfig.copy("orders-stack.conf", into: folder)
        for mode in [[], ["--in-process"]] {
            let result = try HostProcess.run(
                ["call", "--config", config] + mode + ["NativePricing.order_total", "3", "2.5", "0.5"])
            #expect(result.status == 0, "\(mode): \(result.stderr)")
            #expect(
                result.stdout == "7.0\n" && result.stderr == (mode.isEmpty ? "" : Self.inProcessWarning),
                "\(mode): \(result.stdout)\(result.stderr)")
        }
        #expect(
            !FileManager.default.fileExists(atPath: folder.path("orders.sqlite")),
            "a call builds no scene, so it opens no database")
    }

    @Test("the largest float as Swift prints it is passed (issue 19, item 7)")
    func largestFloat() throws {
        let result = try Self.call(["Types.echo_float", "\(Float.greatestFiniteMagnitude)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(Float.greatestFiniteMagnitude)\n")
    }

    @Test(
        "a command-line argument that is not UTF-8 is refused, naming its position, like a script with those bytes (issue 19, item 7)"
    )
    func argumentNotUTF8() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        var environment = ProcessInfo.processInfo.environment
        environment["SCENE_HOST_PROBE_CACHE"] = folder.path("cache.json")
        // The shell writes the byte 0xFF into the argument: a Swift string cannot hold it.
        let result = try ChildRun.run(
            "/bin/sh",
            [
                "-c", "exec \"$0\" call --config \"$1\" Types.echo_string \"$(printf 'a\\377b')\"",
                BuildProducts.hostExecutable,
                try Self.config(in: folder),
            ], input: "", in: nil, environment: environment, timeLimit: .seconds(120))
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "error: Types.echo_string: argument 1 on the command line is not valid UTF-8 (byte 0xFF), so it is not passed on. Write the argument in UTF-8.\n"
        )
        #expect(result.stdout.isEmpty)
    }

    @Test("a script calls native functions; a failed call is a failed command")
    func script() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let result = try HostProcess.run(
            ["run", "--config", try Self.config(in: folder)],
            input: "call Types.echo_string \"a  b\"\ncall Types.sum_with print 3\ncall Types.echo_int8 x\n")
        #expect(result.status == 1)
        #expect(result.stdout.contains("> call Types.echo_string \"a  b\"\na  b\n== Home =="))
        #expect(result.stdout.contains("> call Types.sum_with print 3\ncallback(0)\ncallback(1)\ncallback(2)\n0\n"))
        #expect(
            result.stdout.contains(
                "> call Types.echo_int8 x\n<stdin>:3: error: Types.echo_int8: parameter 1 expects int8, given \"x\".\n")
        )
    }

    @Test("check and list load C plugins next to Swift ones and call none of their functions (one would abort)")
    func checkCallsNothing() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let config = try Self.config(in: folder)
        let check = try HostProcess.run(["check", "--config", config, "--rescan"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(
            check.stdout.contains("4 plugins (HomeScene 1.0.0, DetailScene 1.0.0, Pricing native, Types native)"),
            "\(check.stdout)")
        let list = try HostProcess.run(["list", "--config", config])
        #expect(list.stdout.contains("    native  Types.abort_now  void()\n"))
    }

    @Test("a Swift plugin declares native functions next to its scenes (@_cdecl, table from a C target)")
    func swiftPlugin() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let library = BuildProducts.library("FixtureNativeSwift")
        let config = try folder.write(
            DemoConfig.config(initial: "NativeSwiftScene", plugins: [("Mixed", library)]), to: "scenes.conf")
        let cache = folder.path("cache.json")
        let list = try HostProcess.run(["list", "--config", config], probeCache: cache)
        #expect(
            list.stdout.contains(
                "  Mixed  NativeSwift 1.0.0  \(library)  scenes: NativeSwiftScene\n    native  Mixed.swift_multiply  int64(int64, int64)\n"
            ), "\(list.stdout)\(list.stderr)")
        // Again from the probe cache: the plugin loads at start so its functions are there.
        let call = try HostProcess.run(
            ["call", "--config", config, "Mixed.swift_multiply", "-6", "7"], probeCache: cache)
        #expect(call.status == 0, "\(call.stderr)")
        #expect(call.stdout == "-42\n")
        let run = try HostProcess.run(
            ["run", "--config", config], input: "call Mixed.swift_multiply 3 4\n", probeCache: cache)
        #expect(run.stdout.contains("== Native Swift ==  (NativeSwiftScene)"))
        #expect(run.stdout.contains("> call Mixed.swift_multiply 3 4\n12\n"))
    }

    @Test("check reports a scene that asks for a native function as a Swift type its signature does not declare")
    func swiftTypeMismatch() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let config = try folder.write(
            DemoConfig.config(
                initial: "NativeSwiftScene",
                plugins: [
                    ("Mixed", BuildProducts.library("FixtureNativeSwift")),
                    ("Pricing", BuildProducts.library("NativePricing")),
                ]), to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 4)
        #expect(
            result.stderr.contains(
                "\(config):3:1: error: scene 'NativeSwiftScene' (plugin 'Mixed') cannot be wired: native function Pricing.order_total is declared as double(int64, double, double), but the scene asks for it as double(int32, double, double); make the Swift function type match the declared signature.\n"
            ),
            "\(result.stderr)")
    }

    @Test("a native table that lists no function is said to be empty, not to lack a scene entry (issue 19, item 9)")
    func emptyTable() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let library = folder.path("libEmpty.so")
        try CLibraries.build(
            "__attribute__((visibility(\"default\"))) const char scene_native_functions[] = \"\";\n", to: library)
        let config = try folder.write(
            DemoConfig.config(plugins: [
                ("HomeScene", BuildProducts.library("HomeScene")),
                ("DetailScene", BuildProducts.library("DetailScene")), ("Empty", library),
            ]), to: "scenes.conf")
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 3)
        #expect(
            check.stderr.hasPrefix(
                "\(config):9:1: error: plugin 'Empty': \(library) exports a native function table (scene_native_functions) that lists no function, and no 'scene_plugin_entry'. List each function as \"NAME\\tSIGNATURE\\0\" in the table (docs/authoring.md, \"Writing a C plugin\"), or remove the plugin from the config.\n"
            ), "\(check.stderr)")
    }

    @Test(
        "a table naming one function twice is refused by check, run and call, naming both records and signatures (issue 19, item 4)"
    )
    func duplicateFunction() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let library = folder.path("libTwice.so")
        try CLibraries.build(
            """
            __attribute__((visibility("default"))) const char scene_native_functions[] = "f\\tint32(int32)\\0g\\tvoid()\\0f\\tdouble(double)\\0";
            __attribute__((visibility("default"))) int f(int x) { return x; }
            __attribute__((visibility("default"))) void g(void) {}
            """, to: library)
        let config = try folder.write(
            DemoConfig.config(plugins: [
                ("HomeScene", BuildProducts.library("HomeScene")),
                ("DetailScene", BuildProducts.library("DetailScene")), ("Twice", library),
            ]), to: "scenes.conf")
        let message =
            "\(config):9:1: error: plugin 'Twice' (\(library)): its native function table (scene_native_functions) declares 'f' twice: record 1 as 'int32(int32)' and record 3 as 'double(double)'. Declare each function once, with the signature of its C definition; the host did not load the plugin."
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 3)
        #expect(check.stderr.contains(message), "\(check.stdout)\(check.stderr)")
        let call = try HostProcess.run(["call", "--config", config, "Twice.f", "41"])
        #expect(call.status == 3)
        #expect(call.stdout.isEmpty, "the function must not run: \(call.stdout)")
        #expect(call.stderr.contains(message), "\(call.stderr)")
        let run = try HostProcess.run(["run", "--config", config], input: "call Twice.f 41\n")
        #expect(run.status == 3)
        #expect(run.stderr.contains(message), "\(run.stdout)\(run.stderr)")
    }

    @Test("check refuses a C plugin with a malformed signature, naming the function and the column")
    func malformedSignature() throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let library = folder.path("libBad.so")
        try CLibraries.build(
            """
            __attribute__((visibility("default"))) const char scene_native_functions[] = "ok\\tint32(int32)\\0bad\\tdouble(int64,, double)\\0";
            __attribute__((visibility("default"))) int ok(int x) { return x; }
            __attribute__((visibility("default"))) double bad(long a, double b) { return b; }
            """, to: library)
        let config = try folder.write(
            DemoConfig.config(plugins: [
                ("HomeScene", BuildProducts.library("HomeScene")),
                ("DetailScene", BuildProducts.library("DetailScene")), ("Bad", library),
            ]), to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 3)
        #expect(
            result.stderr.contains(
                "\(config):9:1: error: plugin 'Bad' (\(library)): native function 'bad' has a malformed signature 'double(int64,, double)' at column 14: expected a type, found ','. The host did not load the plugin."
            ),
            "\(result.stdout)\(result.stderr)")
    }
}
