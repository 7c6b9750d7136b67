import Foundation
import PackagePlugin

/// Generates `SDKFingerprint.swift` for the SceneSDK target: the SHA-256 of the SDK's sources.
///
/// Hashes every source file of the target and of the targets it depends on (the C descriptor),
/// so any change of the SDK — even of an internal stored property, which changes the layouts
/// that plugins inline — gives another fingerprint. SwiftPM reruns the tool when one of them changes.
@main
struct SDKFingerprintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sdk = target as? SourceModuleTarget else { return [] }
        let modules = [sdk] + sdk.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
        // Only code counts: the documentation catalog (SceneSDK.docc) is a folder of the target too,
        // and an article change must not make every plugin's build another SDK build.
        let code = modules.flatMap { module in module.sourceFiles.map(\.url) }.filter { Self.codeExtensions.contains($0.pathExtension) }
        let files = code + modules.flatMap(publicHeaders)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("SDKFingerprint.swift")
        return [
            .buildCommand(
                displayName: "Fingerprinting the SceneSDK sources",
                executable: try context.tool(named: "SDKFingerprintTool").url,
                arguments: [output.path, context.package.directoryURL.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }

    /// What the fingerprint hashes, as README and the host's tests say: `.swift`, `.c` and `.h` files.
    private static let codeExtensions: Set<String> = ["swift", "c", "h"]

    /// The public headers of a C target (the descriptor layout and the SDK version), which
    /// `sourceFiles` does not list.
    private func publicHeaders(_ module: SourceModuleTarget) -> [URL] {
        guard let folder = (module as? ClangSourceModuleTarget)?.publicHeadersDirectoryURL,
              let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        return found.compactMap { $0 as? URL }.filter { $0.pathExtension == "h" }
    }
}
