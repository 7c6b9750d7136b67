import SceneHostCore
/// Why a native function could not be described, resolved or called. Exit code 64 (usage) for
/// `scene-host call` when the call was wrong, 3 when the plugin's function was (a result not in
/// UTF-8, a signature libffi cannot prepare); a signature read from a plugin file becomes that
/// plugin's `PluginLoadError`.
///
/// Its text and exit code are in `NativeError+Message.swift`. `function` is `PLUGIN.FUNCTION`; parameters count from 1.
package enum NativeError: HostConcernError, Equatable, Sendable {
    /// The signature text does not follow the grammar; `column` counts characters from 1.
    case signatureSyntax(signature: String, column: Int, reason: String)
    case wrongArity(function: String, signature: String, expected: Int, given: Int)
    case wrongArgument(function: String, parameter: Int, expected: String, given: String)
    case argumentOutOfRange(function: String, parameter: Int, expected: String, given: String)
    /// A string argument holds a NUL, which a `const char *` cannot carry.
    case argumentNotEncodable(function: String, parameter: Int, reason: String)
    case returnNotUTF8(function: String)
    /// A non-zero number literal that is zero in the parameter's type (`1e-50` for float).
    case argumentUnderflows(function: String, parameter: Int, expected: String, given: String)
    /// A command-line argument whose bytes are not UTF-8 (`byte` is the first bad one; a script
    /// with the same bytes is refused too).
    case argumentNotUTF8(function: String, parameter: Int, byte: UInt8)
    /// libffi refused the signature (`ffi_prep_cif` or a closure failed).
    case preparationFailed(function: String, reason: String)
    case unknownFunction(name: String, known: [String])
    /// `PLUGIN.FUNCTION` is not how the name is written.
    case malformedFunctionName(String)
}
