import CFFI

/// The memory libffi reads on every call of one signature, prepared by `ffi_prep_cif`: one
/// buffer holding the `ffi_cif`, its argument type array and, when every parameter is a plain
/// value, the parameters' `NativeType`s for `NativeFunction`'s call without heap work.
///
/// Not copyable: it owns the buffer and frees it when it ends. One allocation, and no object of
/// its own (`NativeFunction` holds it inline), because a plugin's functions are prepared at every load.
/// Not shared between functions of the same signature through a cache: hashing the signature text
/// costs about what `ffi_prep_cif` does, and a process-wide cache would need a lock and outlive
/// the plugins that filled it.
struct NativeCallPreparation: ~Copyable {
    let cif: UnsafeMutablePointer<ffi_cif>
    /// The parameters' types, `signature.parameters.count` of them, when each is a plain value
    /// other than `string` (nothing to copy before the call or free after it); nil otherwise.
    let plainTypes: UnsafeMutablePointer<NativeType>?
    private let storage: UnsafeMutableRawPointer

    package init(_ signature: NativeSignature, function: String, abi: ffi_abi) throws(NativeError) {
        let count = signature.parameters.count
        let typesOffset = MemoryLayout<ffi_cif>.stride
        let plainOffset = typesOffset + MemoryLayout<UnsafeMutablePointer<ffi_type>?>.stride * count
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: plainOffset + MemoryLayout<NativeType>.stride * count,
            alignment: max(MemoryLayout<ffi_cif>.alignment, MemoryLayout<UnsafeMutablePointer<ffi_type>?>.alignment))
        let cif = storage.bindMemory(to: ffi_cif.self, capacity: 1)
        let argumentTypes = (storage + typesOffset).bindMemory(
            to: UnsafeMutablePointer<ffi_type>?.self, capacity: count)
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
        let status = ffi_prep_cif(cif, abi, UInt32(count), signature.returns.ffiType, argumentTypes)
        guard status == FFI_OK else {
            // Nothing of `self` is set yet, so no `deinit` runs: the buffer is freed here, once.
            storage.deallocate()
            throw NativeError.preparationFailed(
                function: function, reason: "ffi_prep_cif returned status \(status.rawValue)")
        }
        self.storage = storage
        self.cif = cif
        plainTypes = allPlain ? plain : nil
    }

    deinit {
        storage.deallocate()
    }
}
