import Testing
import SceneSDK
@testable import SceneHostCore
@testable import SceneHostNative
@testable import SceneHostLoading

/// The exact text of the native-function messages (libffi): the function, the parameter, expected and given.
@Suite("ErrorMessage (native functions)")
struct NativeErrorMessageTests {
    static let plugin = PluginReference(
        name: "P", path: "/p/libP.so", location: SourceLocation(file: "s.conf", line: 3, column: 1))

    @Test(
        "native call errors",
        arguments: [
            (
                NativeError.signatureSyntax(
                    signature: "int32(", column: 7, reason: "expected a type, found the end of the signature"),
                "error: the signature 'int32(' is malformed at column 7: expected a type, found the end of the signature. Write it as RETURN(TYPE, ...), e.g. double(int64, double, string)."
            ),
            (
                .wrongArity(function: "P.f", signature: "int8(int8)", expected: 1, given: 0),
                "error: P.f takes 1 argument (int8(int8)), given 0. Pass one argument per parameter."
            ),
            (
                .wrongArgument(function: "P.f", parameter: 2, expected: "double", given: "\"x\""),
                "error: P.f: parameter 2 expects double, given \"x\"."
            ),
            (
                .argumentOutOfRange(function: "P.f", parameter: 1, expected: "uint8", given: "integer -1"),
                "error: P.f: parameter 1 expects uint8, given integer -1, which is out of its range."
            ),
            (
                .argumentNotEncodable(
                    function: "P.f", parameter: 1, reason: "it holds a NUL character, which a C string cannot carry"),
                "error: P.f: parameter 1 cannot be passed as a C string: it holds a NUL character, which a C string cannot carry."
            ),
            (
                .unknownFunction(name: "P.g", known: []),
                "error: no native function 'P.g'. (no plugin declares native functions; 'scene-host list' shows them)"
            ),
            (
                .preparationFailed(function: "P.f", reason: "ffi_prep_cif returned status 1"),
                "error: cannot prepare a call of P.f: ffi_prep_cif returned status 1."
            ),
            (
                .argumentUnderflows(function: "P.f", parameter: 1, expected: "float", given: "1e-50"),
                "error: P.f: parameter 1 expects float, given 1e-50, which is not zero but too small for float and would become 0. Write 0 for zero, or a number float can hold."
            ),
            (
                .argumentNotUTF8(function: "P.f", parameter: 2, byte: 0xFF),
                "error: P.f: argument 2 on the command line is not valid UTF-8 (byte 0xFF), so it is not passed on. Write the argument in UTF-8."
            ),
        ])
    func native(error: NativeError, message: String) {
        #expect(ErrorMessage.render(error) == message)
        // The plugin's doing (libffi refused its signature) is a plugin error; the caller's, usage.
        if case .preparationFailed = error {
            #expect(ExitStatus(for: error) == .pluginError)
        } else {
            #expect(ExitStatus(for: error) == .usage)
        }
    }

    @Test(
        "native table errors refuse the plugin (exit 3)",
        arguments: [
            (
                PluginLoadError.pluginNativeTableInvalid(plugin, reason: "record 2 is not valid UTF-8"),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so): its native function table (scene_native_functions) is malformed: record 2 is not valid UTF-8. Write it as NUL-terminated \"name\\tsignature\" records ending with an empty one (docs/authoring.md, \"Writing a C plugin\")."
            ),
            (
                .pluginNativeFunctionNotExported(plugin, function: "f"),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so) declares native function 'f', but does not export it. Export it (a non-static C function with default visibility), or remove it from scene_native_functions."
            ),
            (
                .pluginNativeFunctionDuplicate(
                    plugin, function: "f", first: 1, firstSignature: "int32(int32)", second: 2,
                    secondSignature: "double(double)"),
                "s.conf:3:1: error: plugin 'P' (/p/libP.so): its native function table (scene_native_functions) declares 'f' twice: record 1 as 'int32(int32)' and record 2 as 'double(double)'. Declare each function once, with the signature of its C definition; the host did not load the plugin."
            ),
        ])
    func table(error: PluginLoadError, message: String) {
        #expect(ErrorMessage.render(error) == message)
        #expect(ExitStatus(for: error) == .pluginError)
    }

    @Test("a native result or signature of the wrong Swift type, from the SDK")
    func resultMismatch() {
        #expect(
            ErrorMessage.render(
                SceneError.nativeSignatureMismatch(
                    function: "P.f", declared: "double(int64)", requested: "double(int32)"))
                == "error: native function P.f is declared as double(int64), but the scene asks for it as double(int32); make the Swift function type match the declared signature"
        )
        #expect(
            ErrorMessage.render(SceneError.nativeResultMismatch(function: "P.f", expected: "Int64"))
                == "error: native function P.f returned a value that is not of type Int64")
    }

    @Test("a declared function whose call cannot be prepared refuses the plugin, naming the function")
    func unusableFunction() {
        let error = PluginLoadError.pluginNativeFunctionUnusable(
            Self.plugin, function: "f", .preparationFailed(function: "P.f", reason: "ffi_prep_cif returned status 1"))
        #expect(
            ErrorMessage.render(error)
                == "s.conf:3:1: error: plugin 'P' (/p/libP.so): its native function table (scene_native_functions) is malformed: function 'f': cannot prepare a call of P.f: ffi_prep_cif returned status 1. Write it as NUL-terminated \"name\\tsignature\" records ending with an empty one (docs/authoring.md, \"Writing a C plugin\")."
        )
        #expect(error.exitStatus == .pluginError)
    }
}
