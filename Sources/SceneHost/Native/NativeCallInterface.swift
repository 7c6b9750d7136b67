import CFFI

/// A prepared libffi call interface (`ffi_cif`) for one signature: prepared once, reused for every call.
///
/// Owns the `ffi_cif` and its argument type array, which libffi reads on every call.
final class NativeCallInterface {
    let signature: NativeSignature
    let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

    /// `abi` is libffi's default for this machine; tests give another to make preparation fail.
    init(_ signature: NativeSignature, function: String, abi: ffi_abi = cffi_default_abi()) throws(NativeError) {
        self.signature = signature
        let count = signature.parameters.count
        argumentTypes = .allocate(capacity: max(count, 1))
        for (index, parameter) in signature.parameters.enumerated() {
            switch parameter {
            case .value(let type): argumentTypes[index] = type.ffiType
            case .callback: argumentTypes[index] = NativeType.pointer.ffiType
            }
        }
        cif = .allocate(capacity: 1)
        let status = ffi_prep_cif(cif, abi, UInt32(count), signature.returns.ffiType, argumentTypes)
        guard status == FFI_OK else {
            // Every stored property is set: throwing now runs `deinit`, which frees both buffers
            // (freeing them here too was a double free).
            throw NativeError.preparationFailed(function: function, reason: "ffi_prep_cif returned status \(status.rawValue)")
        }
    }

    deinit {
        cif.deallocate()
        argumentTypes.deallocate()
    }
}
