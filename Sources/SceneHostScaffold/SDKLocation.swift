import Foundation

/// The SceneSDK package a generated plugin is built against.
///
/// The host loads only plugins built from its own SDK sources, so the default is the SDK of the
/// checkout the running scene-host was built in: the first folder above the executable that
/// holds `Sources/SceneSDK/Package.swift`. An installed binary has none: then `--sdk` is required.
struct SDKLocation: Equatable, Sendable {
    /// The SDK package folder: absolute, symbolic links resolved.
    package let path: String

    /// Whether the testing kit (the `SceneTesting` package) is in the SDK folder.
    var hasTestingKit: Bool {
        FileManager.default.fileExists(atPath: path + "/SceneTesting/Package.swift")
    }

    /// The SDK `given` with `--sdk` (relative to the current folder), else the one next to `executable`.
    package static func find(given: String?, executable: String) throws -> SDKLocation {
        if let given {
            guard let real = FileSystemPath.real(given), isSDK(real) else {
                throw ScaffoldError.sdkInvalid(path: given)
            }
            return SDKLocation(path: real)
        }
        var folder = ((FileSystemPath.real(executable) ?? FileSystemPath.absolute(executable)) as NSString)
            .deletingLastPathComponent
        while true {
            let candidate = folder == "/" ? "/Sources/SceneSDK" : folder + "/Sources/SceneSDK"
            if isSDK(candidate), let real = FileSystemPath.real(candidate) { return SDKLocation(path: real) }
            if folder == "/" { throw ScaffoldError.sdkNotFound(executable: executable) }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// A folder whose Package.swift declares the package "SceneSDK".
    static func isSDK(_ folder: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: folder + "/Package.swift") else { return false }
        return String(decoding: data, as: UTF8.self).contains("name: \"SceneSDK\"")
    }
}
