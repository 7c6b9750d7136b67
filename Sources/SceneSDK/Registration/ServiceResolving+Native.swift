/// A native function as the container hands it out: Swift values in, a Swift value out.
public typealias NativeCall = @MainActor ([any NativeConvertible]) throws -> any NativeConvertible

extension ServiceResolving {
    /// No native functions: what a container without native plugins (a test's) answers.
    public func nativeFunction(named name: String, returns: String, parameters: [String]) throws -> NativeCall? { nil }

    /// The native function `name` (`PLUGIN.FUNCTION`, the plugin's table name in the config) as a
    /// Swift function of type `type`; nil when no loaded plugin declares it. Throws when the
    /// declared signature is not the Swift type's (`(Int64, Double) -> Double` is `double(int64, double)`).
    public func nativeFunction<A: NativeConvertible, R: NativeConvertible>(_ name: String, as type: ((A) -> R).Type) throws -> ((A) throws -> R)? {
        guard let call = try nativeFunction(named: name, returns: R.nativeTypeName, parameters: [A.nativeTypeName]) else { return nil }
        return { a in try Self.typed(try call([a]), name) }
    }

    /// Two parameters; see `nativeFunction(_:as:)`.
    public func nativeFunction<A: NativeConvertible, B: NativeConvertible, R: NativeConvertible>(_ name: String, as type: ((A, B) -> R).Type) throws -> ((A, B) throws -> R)? {
        guard let call = try nativeFunction(named: name, returns: R.nativeTypeName, parameters: [A.nativeTypeName, B.nativeTypeName]) else { return nil }
        return { a, b in try Self.typed(try call([a, b]), name) }
    }

    /// Three parameters; see `nativeFunction(_:as:)`.
    public func nativeFunction<A: NativeConvertible, B: NativeConvertible, C: NativeConvertible, R: NativeConvertible>(
        _ name: String, as type: ((A, B, C) -> R).Type
    ) throws -> ((A, B, C) throws -> R)? {
        guard let call = try nativeFunction(named: name, returns: R.nativeTypeName, parameters: [A.nativeTypeName, B.nativeTypeName, C.nativeTypeName]) else { return nil }
        return { a, b, c in try Self.typed(try call([a, b, c]), name) }
    }

    private static func typed<R>(_ value: any NativeConvertible, _ name: String) throws -> R {
        guard let typed = value as? R else { throw SceneError.nativeResultMismatch(function: name, expected: String(describing: R.self)) }
        return typed
    }
}
