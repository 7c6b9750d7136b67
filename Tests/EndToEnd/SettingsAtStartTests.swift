import Foundation
import Testing
@testable import SceneHostCore
import TestSupport

/// Declared plugin settings through the real binary (issue 20 item 1, issue 19 item 2): the
/// orders plugins declare `database` as a path; `check`, `run` and `serve` refuse at start, with
/// the same located message, a value of another type, a misspelt key and a file others could change.
@Suite("plugin settings are checked at start (end to end)")
struct SettingsAtStartTests {
    /// The three orders plugins, ListOrders' `database` line written as `line` (line 4), the others
    /// naming `others` when given.
    static func config(_ folder: TemporaryFolder, line: String, others: String? = nil) throws -> String {
        var text =
            "initial = \"ListOrders\"\n[plugins.ListOrdersScene]\npath = \"\(BuildProducts.library("ListOrdersScene"))\"\n"
        text += "[plugins.ListOrdersScene.settings]\n\(line)\n"
        for name in ["ShowOrderScene", "EditOrderScene"] {
            text += "[plugins.\(name)]\npath = \"\(BuildProducts.library(name))\"\n"
            if let others { text += "[plugins.\(name).settings]\ndatabase = \"\(others)\"\n" }
        }
        text += "[[segues]]\nfrom = \"ShowOrder\"\nid = \"edit\"\nto = \"EditOrder\"\nstyle = \"present\"\n"
        return try folder.write(text, to: "orders-stack.conf")
    }

    /// `check`, `run` (a script on standard input) and `serve`: each must refuse with `message`
    /// first, exit 2, and show nothing.
    func expectRefusedEverywhere(
        _ config: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-host-settings-\(UUID().uuidString).cache"
        ).path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        for arguments in [["check"], ["run"], ["serve", "--port", "0"]] {
            let result = try HostProcess.run(
                arguments + ["--config", config], input: "tap back\n", probeCache: cache, timeLimit: .seconds(60))
            #expect(!result.signaled, "\(arguments[0])", sourceLocation: sourceLocation)
            #expect(result.status == 2, "\(arguments[0]): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(
                result.stderr.hasPrefix(message + "\n"), "\(arguments[0]): \(result.stderr)",
                sourceLocation: sourceLocation)
            #expect(
                !result.stdout.contains("(ListOrders)"), "\(arguments[0]) showed a screen",
                sourceLocation: sourceLocation)
        }
    }

    @Test("a value of another type (database = 42) is refused at its line, naming the declared type")
    func wrongType() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder, line: "database = 42")
        try expectRefusedEverywhere(
            config,
            "\(config):5:1: error: plugin 'ListOrdersScene': setting 'database' is an integer (42); it takes a path (a string naming a file, relative to the config's folder). Fix it in [plugins.ListOrdersScene.settings]."
        )
    }

    @Test(
        "a number that underflows (1e-400) or overflows (1e400) is refused at its line, in the words call uses, never read as 0 or infinity"
    )
    func numberOutOfRange() throws {
        let folder = try TemporaryFolder()
        let small = try Self.config(folder, line: "ratio = 1e-400")
        try expectRefusedEverywhere(
            small,
            "\(small):5:1: error: plugin 'ListOrdersScene': setting 'ratio' is 1e-400, which is not zero but too small for a double and would become 0. Write 0 for zero, or a number a double can hold (the smallest is 4.9e-324). Fix it in [plugins.ListOrdersScene.settings]."
        )
        let large = try Self.config(folder, line: "ratio = 1e400")
        try expectRefusedEverywhere(
            large,
            "\(large):5:1: error: plugin 'ListOrdersScene': setting 'ratio' is 1e400, which is out of the range of a double and would become infinity. Write inf for infinity, or a number a double can hold (the largest is 1.7976931348623157e308). Fix it in [plugins.ListOrdersScene.settings]."
        )
    }

    @Test("a misspelt key (databse) is refused with did-you-mean, not left to an in-memory store")
    func misspeltKey() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder, line: "databse = \"orders.sqlite\"")
        try expectRefusedEverywhere(
            config,
            "\(config):5:1: error: plugin 'ListOrdersScene': setting 'databse' is not declared. Did you mean 'database'? Its settings: database. Fix it in [plugins.ListOrdersScene.settings]."
        )
        #expect(!FileManager.default.fileExists(atPath: folder.path("orders.sqlite")))
    }

    @Test("two bad settings of one plugin are two problems, one line each, and its scenes are not called unknown")
    func twoProblemsOfOnePlugin() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder, line: "databse = \"o.sqlite\"\ndatabase = 42")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                \(config):6:1: error: plugin 'ListOrdersScene': setting 'database' is an integer (42); it takes a path (a string naming a file, relative to the config's folder). Fix it in [plugins.ListOrdersScene.settings].
                \(config):5:1: error: plugin 'ListOrdersScene': setting 'databse' is not declared. Did you mean 'database'? Its settings: database. Fix it in [plugins.ListOrdersScene.settings].
                \(config):7:1: warning: plugin 'ShowOrderScene' keeps the orders in its scene worker's memory, and serve runs several scene workers (one per core unless [host] workers says otherwise), each with its own copy: users on different workers see different copies and not each other's changes. Set 'database' in [plugins.ShowOrderScene.settings] to keep the orders in a store every worker shares, or set workers = 1 in [host].
                \(config):9:1: warning: plugin 'EditOrderScene' keeps the orders in its scene worker's memory, and serve runs several scene workers (one per core unless [host] workers says otherwise), each with its own copy: users on different workers see different copies and not each other's changes. Set 'database' in [plugins.EditOrderScene.settings] to keep the orders in a store every worker shares, or set workers = 1 in [host].
                check: 2 problems in \(config)

                """)
    }

    @Test("list shows what each plugin declares and what the config gives, even settings check refuses")
    func listShowsRefusedSettings() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder, line: "databse = \"o.sqlite\"")
        let result = try HostProcess.run(["list", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                  ListOrdersScene  ListOrdersScene 1.0.0  \(BuildProducts.library("ListOrdersScene"))  scenes: ListOrders
                    setting database (path) (not set)  -- the SQLite file of the orders, shared by every scene worker, made on first use; without it each scene worker keeps its own orders in memory until it ends
                    setting databse = "o.sqlite"  (\(config):5:1)  -- not declared by the plugin: 'scene-host check' refuses it

                """), "\(result.stdout)")
    }

    @Test("an empty path is refused by the declaration's own rule")
    func emptyPath() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder, line: "database = \"\"")
        try expectRefusedEverywhere(
            config,
            "\(config):5:1: error: plugin 'ListOrdersScene': setting 'database' is empty; give a value. Fix it in [plugins.ListOrdersScene.settings]."
        )
    }

    @Test("a database file writable by every user is refused before the plugin opens it")
    func worldWritableFile() throws {
        let folder = try TemporaryFolder()
        let database = try folder.write("", to: "orders.sqlite")
        chmod(database, 0o666)
        let config = try Self.config(folder, line: "database = \"orders.sqlite\"", others: "orders.sqlite")
        try expectRefusedEverywhere(
            config,
            "\(config):5:1: error: setting 'database' of plugin 'ListOrdersScene' names \(database), but the file is writable by every user, so someone else could change what the plugin reads and writes. Fix: chmod go-w \(database) (or pass --insecure-plugin-files while developing)."
        )
    }

    @Test("a database in a folder every user can write is refused, whether it exists or not")
    func sharedFolder() throws {
        let folder = try TemporaryFolder()
        let shared = try folder.makeFolder("shared", mode: 0o777)
        let config = try Self.config(
            folder, line: "database = \"shared/orders.sqlite\"", others: "shared/orders.sqlite")
        try expectRefusedEverywhere(
            config,
            "\(config):5:1: error: setting 'database' of plugin 'ListOrdersScene' names \(shared)/orders.sqlite, but the folder \(shared) above it is writable by every user, so someone else could change what the plugin reads and writes. Fix: chmod go-w \(shared) (or pass --insecure-plugin-files while developing)."
        )
        #expect(
            !FileManager.default.fileExists(atPath: shared + "/orders.sqlite"),
            "nothing was created where another user could choose")
    }

    @Test("a symbolic link to the database is followed and its target checked")
    func linkToForeignPlace() throws {
        let folder = try TemporaryFolder()
        let shared = try folder.makeFolder("shared", mode: 0o777)
        let target = try folder.write("", to: "shared/planted.sqlite")
        symlink(target, folder.path("orders.sqlite"))
        let config = try Self.config(folder, line: "database = \"orders.sqlite\"", others: "orders.sqlite")
        try expectRefusedEverywhere(
            config,
            "\(config):5:1: error: setting 'database' of plugin 'ListOrdersScene' names \(folder.path("orders.sqlite")), but the folder \(shared), reached through a link, is writable by every user, so someone else could change what the plugin reads and writes. Fix: chmod go-w \(shared) (or pass --insecure-plugin-files while developing)."
        )
    }

    /// Only root can give a link to another user: the planted-link attack on root's run.
    @Test(
        "a link planted by another user in a sticky shared folder is refused (set up as root only)",
        .enabled(if: getuid() == 0))
    func plantedLink() throws {
        let folder = try TemporaryFolder()
        let sticky = try folder.makeFolder("tmp", mode: 0o1777)
        #expect(chown(sticky, 0, 0) == 0)
        let link = sticky + "/orders.sqlite"
        symlink("/etc/passwd-not-there", link)
        #expect(lchown(link, 65534, 65534) == 0)
        let config = try Self.config(folder, line: "database = \"tmp/orders.sqlite\"", others: "tmp/orders.sqlite")
        try expectRefusedEverywhere(
            config,
            "\(config):5:1: error: setting 'database' of plugin 'ListOrdersScene' names \(link), but the file is a symbolic link owned by user 65534, not by root or by you (user 0), so someone else could change what the plugin reads and writes. Fix: replace the link with one of your own, or point 'path' at the real file (or pass --insecure-plugin-files while developing)."
        )
    }

    @Test("a database owned by another user is refused (set up as root only)", .enabled(if: getuid() == 0))
    func foreignOwner() throws {
        let folder = try TemporaryFolder()
        let database = try folder.write("", to: "orders.sqlite")
        #expect(chown(database, 65534, 65534) == 0)
        let config = try Self.config(folder, line: "database = \"orders.sqlite\"", others: "orders.sqlite")
        try expectRefusedEverywhere(
            config,
            "\(config):5:1: error: setting 'database' of plugin 'ListOrdersScene' names \(database), but the file is owned by user 65534, not by root or by you (user 0), so someone else could change what the plugin reads and writes. Fix: chown 0 \(database) (or pass --insecure-plugin-files while developing)."
        )
    }

    @Test("--insecure-plugin-files lets a shared folder through for development, with its warning")
    func insecureEscape() throws {
        let folder = try TemporaryFolder()
        let shared = try folder.makeFolder("shared", mode: 0o777)
        let config = try Self.config(
            folder, line: "database = \"shared/orders.sqlite\"", others: "shared/orders.sqlite")
        let result = try HostProcess.run(["run", "--config", config, "--insecure-plugin-files"], input: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: --insecure-plugin-files"))
        #expect(result.stdout.contains("== Orders ==  (ListOrders)"))
        #expect(FileManager.default.fileExists(atPath: shared + "/orders.sqlite"))
    }

    @Test("a well-formed database setting runs, and the plugin gets it")
    func accepted() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder, line: "database = \"orders.sqlite\"", others: "orders.sqlite")
        let check = try HostProcess.run(["check", "--config", config])
        #expect(check.status == 0, "\(check.stderr)")
        let run = try HostProcess.run(["run", "--config", config], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("== Orders ==  (ListOrders)"))
        #expect(FileManager.default.fileExists(atPath: folder.path("orders.sqlite")))
    }
}

/// A path setting that names a file through one process's own view (`/proc/self`, `/proc/<pid>`,
/// `/dev/fd`, or a link to one) names a different file in `check`, `run` and each scene worker:
/// every command refuses it at start, with the same located message (issue 32).
@Suite("a path setting through /proc/self or /dev/fd is refused everywhere alike (end to end)")
struct ProcessRelativeSettingTests {
    @Test(
        "/proc/self/fd/3, /proc/thread-self, /proc/<pid>, /dev/fd/0 and /dev/stdin: check, run and serve refuse each alike, exit 2",
        arguments: [
            ("/proc/self/fd/3", "/proc/self"), ("/proc/thread-self/fd/3", "/proc/thread-self"),
            ("/proc/1/root/etc/hostname", "/proc/1"),
            ("/dev/fd/0", "/dev/fd"), ("/dev/stdin", "/proc/self"),
        ])
    func refusedEverywhere(path: String, through: String) throws {
        let folder = try TemporaryFolder()
        let config = try SettingsAtStartTests.config(folder, line: "database = \"\(path)\"")
        try SettingsAtStartTests().expectRefusedEverywhere(config, Self.message(config, path: path, through: through))
    }

    @Test("a link in the config's folder to /proc/self/fd/3 is refused too, naming the link as written")
    func linkToProcSelf() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("orders.sqlite"), withDestinationPath: "/proc/self/fd/3")
        let config = try SettingsAtStartTests.config(folder, line: "database = \"orders.sqlite\"")
        try SettingsAtStartTests().expectRefusedEverywhere(
            config, Self.message(config, path: folder.path("orders.sqlite"), through: "/proc/self"))
    }

    @Test("a plain file in the config's folder is still taken")
    func plainFileTaken() throws {
        let folder = try TemporaryFolder()
        let config = try SettingsAtStartTests.config(
            folder, line: "database = \"orders.sqlite\"", others: "orders.sqlite")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
    }

    static func message(_ config: String, path: String, through: String) -> String {
        "\(config):5:1: error: setting 'database' of plugin 'ListOrdersScene' names \(path), which goes through \(through): that names a different file in each process (the host, 'scene-host check' and each scene worker), so the file the host checks is not the one the plugin would open. Name the file itself, by its path from the root or from the config's folder, in [plugins.ListOrdersScene.settings]."
    }
}
