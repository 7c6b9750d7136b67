#if canImport(Glibc)
import Glibc
#endif
import SceneHostProcesses
import SceneSDK
import SceneHostConfig

/// The files a process that runs plugin code may open once it is restricted (`Landlock`): what
/// docs/security.md's "The sandbox around plugin code" promises, in one place.
///
/// - Read and run: the system's libraries (the usual folders, the dynamic loader's configured
///   folders and `LD_LIBRARY_PATH`, and the folder of every file already mapped, which holds the
///   Swift runtime wherever the toolchain is), and the folder of each plugin file of the config
///   (a plugin's own libraries sit beside it).
/// - Read: the loader's cache, the time zone files, the process's own `/proc` entry and the
///   kernel's CPU and memory facts, a few devices (`/dev/null`, `/dev/urandom`); with `network`
///   granted, the resolver's and TLS's files; with `start-processes` granted, the system's
///   program folders (read and run).
/// - Read, write, create and remove files: in the folder of the file each path setting names
///   (set or defaulted: a database keeps its journal beside it, and Landlock can name only what
///   exists, so a file not made yet is named by its folder), and in the process's private folder
///   (its `TMPDIR`, `PrivateFolder`). A path setting is best kept in a folder of its own.
///
/// Nothing else: no home folder, no config, no other plugin's data, no cgroup file to write.
package enum SandboxFiles {
    /// The rules for a process that loads `plugins` (with the setting declarations
    /// `declarations` gives for each) under `grants`, its private folder named in `environment`.
    @MainActor
    package static func rules(
        plugins: [PluginEntry], declarations: (PluginEntry) -> [SettingDeclaration],
        grants: [PluginPermission], environment: [String: String]
    ) -> [Landlock.Rule] {
        var rules = system(grants: grants, environment: environment)
        for entry in plugins {
            rules.append(Landlock.Rule(folder(of: realPath(entry.resolvedPath)), [.read, .execute]))
            let filled = entry.pluginSettings.applyingDefaults(of: declarations(entry))
            for declaration in declarations(entry) where declaration.kind == .path {
                guard let path = filled.path(declaration.name) else { continue }
                rules.append(pathSetting(path))
            }
        }
        return rules
    }

    /// The rules for a probe child of the plugin files at `realPaths` (no settings: a verdict is
    /// about the file, for any config).
    package static func probeRules(realPaths: [String], environment: [String: String]) -> [Landlock.Rule] {
        system(grants: [], environment: environment)
            + Set(realPaths.map(folder(of:))).sorted().map { Landlock.Rule($0, [.read, .execute]) }
    }

    /// What every sandboxed process may use, whatever its plugins.
    package static func system(grants: [PluginPermission], environment: [String: String]) -> [Landlock.Rule] {
        var libraries = ["/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/local/lib"] + Landlock.mappedFolders()
        let search = LoaderSearchPath.current()
        libraries += search.configuredFolders + (search.libraryPath?.split(separator: ":").map(String.init) ?? [])
        var rules = Set(libraries.filter { $0.hasPrefix("/") }).sorted().map { Landlock.Rule($0, [.read, .execute]) }
        let facts = [
            "/etc/ld.so.cache", "/etc/localtime", "/usr/share/zoneinfo", "/dev/urandom", "/dev/random", "/dev/zero",
            "/proc/self", "/proc/meminfo", "/proc/cpuinfo", "/proc/stat", "/sys/devices/system/cpu", "/sys/fs/cgroup",
        ]
        rules += facts.map { Landlock.Rule($0, .read) }
        rules.append(Landlock.Rule("/dev/null", [.read, .write, .deviceControl]))
        if grants.contains(.startProcesses) {
            // The programs a plugin granted `start-processes` may start.
            let programs = ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/libexec"]
            rules += programs.map { Landlock.Rule($0, [.read, .execute]) }
        }
        if grants.contains(.network) {
            let resolver = [
                "/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/host.conf", "/etc/gai.conf",
                "/etc/services",
                "/etc/ssl", "/usr/share/ca-certificates",
            ]
            rules += resolver.map { Landlock.Rule($0, .read) }
        }
        if let folder = PrivateFolder.handed(environment) {
            rules.append(Landlock.Rule(folder, [.read, .write, .createFiles, .createLinks]))
        }
        return rules
    }

    /// A path setting's file, with the files beside it: a database keeps its journal there, and a
    /// file that does not exist yet can be named only by its folder (Landlock names what exists).
    static func pathSetting(_ path: String) -> Landlock.Rule {
        Landlock.Rule(SettingsCheck.folder(of: path), [.read, .write, .createFiles])
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func folder(of path: String) -> String {
        SettingsCheck.folder(of: path)
    }
}
