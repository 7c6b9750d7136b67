import CFFI

/// A prepared libffi call interface (`ffi_cif`) for one signature: prepared once, reused for every call.
///
/// Owns one buffer holding the `ffi_cif`, its argument type array (which libffi reads on every
/// call) and, when every parameter is a plain value, the parameters' `NativeType`s for
/// `NativeFunction`'s call without heap work: one allocation, because a plugin's functions are
/// prepared at every load.
final class NativeCallInterface {
    let signature: NativeSignature
    let cif: UnsafeMutablePointer<ffi_cif>
    /// The parameters' types, `signature.parameters.count` of them, when each is a plain value
    /// other than `string` (nothing to copy before the call or free after it); nil otherwise.
    let plainTypes: UnsafeMutablePointer<NativeType>?
    private let storage: UnsafeMutableRawPointer

    /// `abi` is libffi's default for this machine; tests give another to make preparation fail.
    init(_ signature: NativeSignature, function: String, abi: ffi_abi = cffi_default_abi()) throws(NativeError) {
        self.signature = signature
        let count = signature.parameters.count
        let typesOffset = MemoryLayout<ffi_cif>.stride
        let plainOffset = typesOffset + MemoryLayout<UnsafeMutablePointer<ffi_type>?>.stride * count
        storage = .allocate(byteCount: plainOffset + MemoryLayout<NativeType>.stride * count,
                            alignment: max(MemoryLayout<ffi_cif>.alignment, MemoryLayout<UnsafeMutablePointer<ffi_type>?>.alignment))
        cif = storage.bindMemory(to: ffi_cif.self, capacity: 1)
        let argumentTypes = (storage + typesOffset).bindMemory(to: UnsafeMutablePointer<ffi_type>?.self, capacity: count)
        let plain = (storage + plainOffset).bindMemory(to: NativeType.self, capacity: count)
        var allPlain = true
        for (index, parameter) in signature.parameters.enumerated() {
            switch parameter {
            case .value(let type):
                argumentTypes[index] = type.ffiType
                plain[index] = type
                allPlain = allPlain && type != .string
            case .callback:
                argumentTypes[index] = NativeType.pointer.ffiType
                plain[index] = .pointer
                allPlain = false
            }
        }
        plainTypes = allPlain ? plain : nil
        let status = ffi_prep_cif(cif, abi, UInt32(count), signature.returns.ffiType, argumentTypes)
        guard status == FFI_OK else {
            // Every stored property is set: throwing now runs `deinit`, which frees the buffer
            // (freeing it here too was a double free).
            throw NativeError.preparationFailed(function: function, reason: "ffi_prep_cif returned status \(status.rawValue)")
        }
    }

    deinit {
        storage.deallocate()
    }
}
