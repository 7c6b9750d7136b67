import CFFI

/// A prepared libffi call interface (`ffi_cif`) for one signature, as an object: what a
/// `NativeClosure` keeps for a callback parameter. Prepared once, reused for every call.
///
/// `NativeFunction` holds its own `NativeCallPreparation` inline instead (one object fewer per function).
final class NativeCallInterface {
    package let signature: NativeSignature
    private let preparation: NativeCallPreparation

    var cif: UnsafeMutablePointer<ffi_cif> { preparation.cif }

    /// `abi` is libffi's default for this machine; tests give another to make preparation fail.
    package init(_ signature: NativeSignature, function: String, abi: ffi_abi = cffi_default_abi()) throws(NativeError)
    {
        self.signature = signature
        preparation = try NativeCallPreparation(signature, function: function, abi: abi)
    }
}
