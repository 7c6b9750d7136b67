import SceneSDK
import SceneHostNative

extension SceneContainer {
    /// Every native function of the loaded plugins, as `PLUGIN.FUNCTION`, sorted.
    var nativeFunctionNames: [String] { nativeFunctions.keys.sorted() }

    /// The native function `PLUGIN.FUNCTION` (the plugin's table name in the config), or
    /// `NativeError.unknownFunction` naming those there are.
    package func nativeFunction(named name: String) throws(NativeError) -> NativeFunction {
        guard name.split(separator: ".", omittingEmptySubsequences: false).count == 2 else {
            throw NativeError.malformedFunctionName(name)
        }
        guard let function = nativeFunctions[name] else {
            throw NativeError.unknownFunction(name: name, known: nativeFunctionNames)
        }
        return function
    }

    /// Adds a loaded plugin's functions (names are unique: the plugin's config name qualifies them).
    package func addNativeFunctions(_ functions: [NativeFunction]) {
        for function in functions { nativeFunctions[function.qualifiedName] = function }
    }
}

extension SceneContainer {
    /// `ServiceResolving`'s native functions: the declared signature must be the requested one
    /// word for word (`SceneError.nativeSignatureMismatch` otherwise, so the scene that asked fails
    /// to wire, in `check` too); nil when no plugin declares `name`.
    package func nativeFunction(named name: String, returns: String, parameters: [String]) throws -> NativeCall? {
        guard let function = nativeFunctions[name] else { return nil }
        let requested = "\(returns)(\(parameters.joined(separator: ", ")))"
        guard function.signature.description == requested else {
            throw SceneError.nativeSignatureMismatch(
                function: name, declared: function.signature.description, requested: requested)
        }
        return { arguments in
            NativeSwiftValue.swift(
                try function.call(arguments.map(NativeSwiftValue.native)), as: function.signature.returns)
        }
    }
}
