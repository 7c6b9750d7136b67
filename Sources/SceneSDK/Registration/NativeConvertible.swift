/// A Swift type a native function's parameter or result may have, with the word of the
/// signature grammar it stands for (`Int64` is `int64`, `String` is `string`, ...).
///
/// The host compares the Swift function type a scene asks for with the signature the plugin
/// declares, word by word, when the function is resolved (and so in `scene-host check`, which
/// builds every scene once). `Void` results and callbacks are not available this way.
public protocol NativeConvertible: Sendable {
    static var nativeTypeName: String { get }
}

extension Bool: NativeConvertible { public static var nativeTypeName: String { "bool" } }
extension Int8: NativeConvertible { public static var nativeTypeName: String { "int8" } }
extension Int16: NativeConvertible { public static var nativeTypeName: String { "int16" } }
extension Int32: NativeConvertible { public static var nativeTypeName: String { "int32" } }
extension Int64: NativeConvertible { public static var nativeTypeName: String { "int64" } }
extension UInt8: NativeConvertible { public static var nativeTypeName: String { "uint8" } }
extension UInt16: NativeConvertible { public static var nativeTypeName: String { "uint16" } }
extension UInt32: NativeConvertible { public static var nativeTypeName: String { "uint32" } }
extension UInt64: NativeConvertible { public static var nativeTypeName: String { "uint64" } }
extension Float: NativeConvertible { public static var nativeTypeName: String { "float" } }
extension Double: NativeConvertible { public static var nativeTypeName: String { "double" } }
extension String: NativeConvertible { public static var nativeTypeName: String { "string" } }
