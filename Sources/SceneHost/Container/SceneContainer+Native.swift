extension SceneContainer {
    /// Every native function of the loaded plugins, as `PLUGIN.FUNCTION`, sorted.
    public var nativeFunctionNames: [String] { nativeFunctions.keys.sorted() }

    /// The native function `PLUGIN.FUNCTION` (the plugin's table name in the config), or
    /// `NativeError.unknownFunction` naming those there are.
    public func nativeFunction(named name: String) throws(NativeError) -> NativeFunction {
        guard name.split(separator: ".", omittingEmptySubsequences: false).count == 2 else { throw NativeError.malformedFunctionName(name) }
        guard let function = nativeFunctions[name] else { throw NativeError.unknownFunction(name: name, known: nativeFunctionNames) }
        return function
    }

    /// Adds a loaded plugin's functions (names are unique: the plugin's config name qualifies them).
    func addNativeFunctions(_ functions: [NativeFunction]) {
        for function in functions { nativeFunctions[function.qualifiedName] = function }
    }
}
