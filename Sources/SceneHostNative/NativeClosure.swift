import CFFI

/// A C function pointer made from a Swift closure with libffi (`ffi_closure_alloc`,
/// `ffi_prep_closure_loc`): what the host passes for a `callback(...)` parameter.
///
/// The closure's user data points at this object, which keeps the callback; the executable code is
/// freed in `deinit`, so the object must outlive every call of the pointer (the call it is passed to).
final class NativeClosure {
    package let code: UnsafeMutableRawPointer
    private let closure: UnsafeMutablePointer<ffi_closure>
    private let interface: NativeCallInterface
    private let callback: NativeCallback

    package init(_ interface: NativeCallInterface, callback: NativeCallback, function: String) throws(NativeError) {
        var code: UnsafeMutableRawPointer?
        guard let raw = ffi_closure_alloc(cffi_closure_size(), &code), let code else {
            throw NativeError.preparationFailed(
                function: function, reason: "ffi_closure_alloc failed (no executable memory)")
        }
        self.closure = raw.assumingMemoryBound(to: ffi_closure.self)
        self.code = code
        self.interface = interface
        self.callback = callback
        let status = ffi_prep_closure_loc(
            closure, interface.cif,
            { _, result, arguments, userData in
                guard let userData, let result else { return }
                Unmanaged<NativeClosure>.fromOpaque(userData).takeUnretainedValue().invoke(
                    result: result, arguments: arguments)
            }, Unmanaged.passUnretained(self).toOpaque(), code)
        guard status == FFI_OK else {
            // Every stored property is set: throwing now runs `deinit`, which frees the closure
            // (freeing it here too was a double free).
            throw NativeError.preparationFailed(
                function: function, reason: "ffi_prep_closure_loc returned status \(status.rawValue)")
        }
    }

    deinit { ffi_closure_free(closure) }

    /// Converts the C arguments (a string that is not UTF-8 is decoded with replacement characters),
    /// runs the Swift closure and writes its result (zero when it does not fit the callback's return
    /// type: a callback cannot throw into C).
    private func invoke(result: UnsafeMutableRawPointer, arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        let signature = interface.signature
        var values: [NativeValue] = []
        values.reserveCapacity(signature.parameters.count)
        for (index, parameter) in signature.parameters.enumerated() {
            guard case .value(let type) = parameter, let slot = arguments?[index] else {
                values.append(.void); continue
            }
            values.append(NativeMemory.read(type, at: slot).value)
        }
        let returned = callback.body(values)
        let converted = try? NativeArgumentConversion(function: "callback").convert(
            returned, to: signature.returns, parameter: 0)
        NativeMemory.write(converted ?? .void, as: signature.returns, at: result)
    }
}
