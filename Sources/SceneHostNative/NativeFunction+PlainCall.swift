import CFFI

extension NativeFunction {
    /// `call` when every parameter is a plain value (`NativeCallPreparation.plainTypes`): nothing
    /// is copied before the call or freed after it, so the result slot, the argument slots and
    /// the pointers to them are one stack allocation, and each argument is written straight into
    /// its slot (`NativePlainArgument`). `arguments.count` was checked against the signature.
    func callWithPlainValues(
        _ arguments: [NativeValue], types: UnsafeMutablePointer<NativeType>
    ) throws(NativeError) -> NativeValue {
        let count = arguments.count, slotSize = NativeMemory.slotSize
        // The result slot is two slots wide (libffi may write up to 16 bytes of a return value).
        return try withUnsafeTemporaryAllocation(byteCount: slotSize * (2 + 2 * count), alignment: 16) {
            buffer throws(NativeError) -> NativeValue in
            guard let result = buffer.baseAddress else {
                throw NativeError.preparationFailed(
                    function: qualifiedName, reason: "no memory for the call's arguments")
            }
            let slots = result + 2 * slotSize
            let pointers = (slots + count * slotSize).bindMemory(to: UnsafeMutableRawPointer?.self, capacity: count)
            try arguments.withUnsafeBufferPointer { values throws(NativeError) in
                for index in 0..<count {
                    let slot = slots + index * slotSize
                    pointers[index] = slot
                    guard !NativePlainArgument.store(values[index], as: types[index], at: slot) else { continue }
                    let converted = try NativeArgumentConversion(function: qualifiedName).convert(
                        values[index], to: types[index], parameter: index + 1)
                    NativeMemory.write(converted, as: types[index], at: slot)
                }
            }
            ffi_call(preparation.cif, unsafeBitCast(address, to: (@convention(c) () -> Void).self), result, pointers)
            let (value, bad) = NativeMemory.read(signature.returns, at: result)
            if bad { throw NativeError.returnNotUTF8(function: qualifiedName) }
            return value
        }
    }
}
