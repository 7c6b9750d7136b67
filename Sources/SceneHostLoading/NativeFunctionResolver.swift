#if canImport(Glibc)
import Glibc
#endif
import SceneHostCore
import SceneHostNative

/// Resolves a plugin's declared native functions in its opened library and prepares their calls.
///
/// The file check (`NativeTableReader`) already proved each is exported; `dlsym` failing here
/// means the library changed, and is reported the same way.
struct NativeFunctionResolver {
    package let plugin: PluginReference

    package func resolve(
        _ declarations: [NativeDeclaration], in handle: UnsafeMutableRawPointer
    ) throws -> [NativeFunction] {
        try declarations.map { declaration in
            guard let address = dlsym(handle, declaration.name) else {
                throw PluginLoadError.pluginNativeFunctionNotExported(plugin, function: declaration.name)
            }
            do {
                let signature = try NativeSignature(parsing: declaration.signatureText)
                return try NativeFunction(
                    qualifiedName: "\(plugin.name).\(declaration.name)", signature: signature, address: address)
            } catch let error as NativeError {
                throw PluginLoadError.pluginNativeFunctionUnusable(plugin, function: declaration.name, error)
            } catch {
                throw PluginLoadError.pluginNativeTableInvalid(
                    plugin, reason: "function '\(declaration.name)': \(error)")
            }
        }
    }
}
