#if canImport(Glibc)
import Glibc
#endif
@_spi(SceneHost) import SceneSDK
import SceneHostFileTrust
import SceneHostCore
import SceneHostConfig

/// Checks a plugin's `[plugins.NAME.settings]` against what it declares, before it registers:
/// every key declared, every value of its kind and rule, every required one set (a missing one is
/// reported at the plugin's table), and every file a path setting names (set or defaulted) trusted
/// like a plugin file.
///
/// The loader runs it wherever a plugin is prepared or loaded (the host, a scene worker, `check`),
/// so no process hands a plugin a setting the others would refuse.
package struct SettingsCheck {
    /// Nil when `--insecure-plugin-files`: path settings are then only checked to be usable files.
    package let trust: FileTrust?

    /// Throws `pluginSettingsRefused` with every problem of kind and rule (each at its key), else
    /// the first problem of a path setting's file.
    package func check(_ entry: PluginEntry, plugin: PluginReference, declared: [SettingDeclaration]) throws {
        let given = entry.pluginSettings
        let problems = given.problems(declared: declared)
        if !problems.isEmpty {
            throw PluginLoadError.pluginSettingsRefused(
                plugin,
                problems.map { LocatedSettingProblem(location: plugin.location(ofSetting: $0.key), problem: $0) })
        }
        let filled = given.applyingDefaults(of: declared)
        for declaration in declared where declaration.kind == .path {
            guard let path = filled.path(declaration.name) else { continue }
            try checkFile(path, key: declaration.name, plugin: plugin)
        }
    }

    /// The file at `path` (it need not exist yet: the plugin may create it) must be one only root
    /// or this user can change: the file, every folder above it and every link on the way; a file
    /// that does not exist yet must be in a folder nobody else can write (in a shared folder such
    /// as /tmp another user could make it first, as a link to a file of their choosing).
    private func checkFile(_ path: String, key: String, plugin: PluginReference) throws {
        let location = plugin.location(ofSetting: key)
        // Before anything else: such a path names one file here and another in each scene worker,
        // so no check made here would hold there.
        if let part = ProcessRelativePath.part(of: path) {
            throw PluginLoadError.pluginSettingFileProcessRelative(
                plugin, key: key, at: location, path: path, through: part)
        }
        var info = stat()
        let exists = lstat(path, &info) == 0
        let walked = exists ? path : Self.folder(of: path)
        let walk = (trust ?? FileTrust()).walk(walked)
        switch walk {
        case .trusted(let realPath):
            if exists {
                var target = stat()
                if stat(realPath, &target) == 0, target.st_mode & S_IFMT == S_IFDIR {
                    throw PluginLoadError.pluginSettingFileUnusable(
                        plugin, key: key, at: location, path: path, reason: "it is a folder, not a file")
                }
            } else {
                var folder = stat()
                guard stat(realPath, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
                    throw PluginLoadError.pluginSettingFileUnusable(
                        plugin, key: key, at: location, path: path, reason: "\(walked) is not a folder")
                }
                if trust != nil, folder.st_mode & (S_IWGRP | S_IWOTH) != 0 {
                    throw PluginLoadError.pluginSettingFileUntrusted(
                        plugin, key: key, at: location, path: path,
                        problems: [
                            UntrustedPath(
                                path: walked,
                                reason:
                                    "writable by others, and \(path) does not exist yet: another user could create it first"
                            )
                        ],
                        fix: "create the file first, or name one in a folder only you can write")
                }
            }
        case .untrusted(let problems):
            guard trust != nil, !problems.isEmpty else { return }
            throw PluginLoadError.pluginSettingFileUntrusted(
                plugin, key: key, at: location, path: path,
                problems: problems.map { UntrustedPath(path: $0.path, reason: $0.reason) },
                fix: FileTrust.combinedFix(problems))
        case .unresolvable(let reason):
            throw PluginLoadError.pluginSettingFileUnusable(plugin, key: key, at: location, path: path, reason: reason)
        }
    }

    /// The folder `path` is in ("." for a bare name, "/" for a file at the root).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// One setting problem with the place in scenes.conf it is reported at.
package struct LocatedSettingProblem: Equatable, Sendable {
    package let location: SourceLocation
    package let problem: SettingProblem

    package init(location: SourceLocation, problem: SettingProblem) {
        self.location = location
        self.problem = problem
    }
}

extension PluginLoadError {
    /// Whether the config's settings for the plugin were refused (the plugin itself is fine).
    package var isSettingsRefusal: Bool {
        switch self {
        case .pluginSettingsRefused, .pluginSettingFileUntrusted, .pluginSettingFileUnusable, .pluginGrantNotDeclared,
            .pluginSettingFileProcessRelative:
            return true
        case .pluginFileMissing, .pluginNotSharedLibrary, .pluginOpenFailed, .pluginNoEntry, .pluginNativeTableEmpty,
            .pluginEntryReturnedNull,
            .pluginBadDescriptor, .pluginIncompatible, .pluginOtherSDKBuild, .pluginChecksumMismatch,
            .pluginRegistrationFailed,
            .pluginSettingRejected, .pluginSettingsMalformed, .pluginDependencyMissing, .pluginDependencyUntrusted,
            .pluginDependencyUnchecked,
            .pluginUntrusted, .pluginOwnSDKCopy, .pluginProbeFailed, .pluginProbeUnavailable, .pluginOpenUnavailable,
            .pluginProbeGarbled, .pluginProbeRecordTooLarge,
            .pluginChangedSinceProbe, .pluginRegistersDifferently, .pluginContentNotProbed, .pluginRecordUnreadable,
            .pluginNativeTableInvalid, .pluginNativeFunctionUnusable, .pluginNativeSignatureInvalid,
            .pluginNativeFunctionNotExported, .pluginNativeFunctionDuplicate, .pluginCSceneRefused:
            return false
        }
    }

    /// A refusal of several settings as one error per setting, as `check` counts them.
    package var eachSettingProblem: [PluginLoadError] {
        guard case .pluginSettingsRefused(let plugin, let problems) = self, problems.count > 1 else { return [self] }
        return problems.map { .pluginSettingsRefused(plugin, [$0]) }
    }
}
