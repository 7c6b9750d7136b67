#if canImport(Glibc)
import Glibc
#endif
import CFFI

/// A native function resolved in a loaded library, with its signature and prepared call interface.
///
/// `ffi_prep_cif` runs once, here (and once per callback parameter); every `call` reuses it.
/// A call runs native code in the host process: a crash there is the host's crash.
package final class NativeFunction {
    /// `PLUGIN.FUNCTION`, for messages and `scene-host call`.
    package let qualifiedName: String
    package let signature: NativeSignature
    package let address: UnsafeMutableRawPointer
    /// The function's own cif (callbacks' are in `callbackInterfaces`).
    let preparation: NativeCallPreparation
    private let callbackInterfaces: [Int: NativeCallInterface]

    /// Prepares calls of the function at `address`, which must have exactly `signature` (nothing can check it).
    package init(
        qualifiedName: String, signature: NativeSignature, address: UnsafeMutableRawPointer
    ) throws(NativeError) {
        self.qualifiedName = qualifiedName
        self.signature = signature
        self.address = address
        preparation = try NativeCallPreparation(signature, function: qualifiedName, abi: cffi_default_abi())
        var callbacks: [Int: NativeCallInterface] = [:]
        for (index, parameter) in signature.parameters.enumerated() {
            if case .callback(let inner) = parameter {
                callbacks[index] = try NativeCallInterface(inner, function: qualifiedName)
            }
        }
        callbackInterfaces = callbacks
    }

    /// Calls the function with `arguments`, each checked and converted to its parameter's C type
    /// first: a wrong count, type or range throws before any native code runs.
    package func call(_ arguments: [NativeValue]) throws(NativeError) -> NativeValue {
        guard arguments.count == signature.parameters.count else {
            throw NativeError.wrongArity(
                function: qualifiedName, signature: signature.description, expected: signature.parameters.count,
                given: arguments.count)
        }
        if let types = preparation.plainTypes { return try callWithPlainValues(arguments, types: types) }
        let conversion = NativeArgumentConversion(function: qualifiedName)
        let slots = UnsafeMutableRawPointer.allocate(
            byteCount: NativeMemory.slotSize * max(arguments.count, 1), alignment: 8)
        let pointers = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(arguments.count, 1))
        var strings: [UnsafeMutablePointer<CChar>] = []
        var closures: [NativeClosure] = []
        defer {
            strings.forEach { free($0) }
            slots.deallocate()
            pointers.deallocate()
        }
        for (index, (parameter, argument)) in zip(signature.parameters, arguments).enumerated() {
            let slot = slots + index * NativeMemory.slotSize
            pointers[index] = slot
            switch parameter {
            case .callback(let inner):
                guard case .callback(let callback) = argument, let callbackInterface = callbackInterfaces[index] else {
                    throw NativeError.wrongArgument(
                        function: qualifiedName, parameter: index + 1, expected: "callback(\(inner))",
                        given: argument.description)
                }
                let closure = try NativeClosure(callbackInterface, callback: callback, function: qualifiedName)
                closures.append(closure)
                slot.storeBytes(of: UInt(bitPattern: closure.code), as: UInt.self)
            case .value(.string):
                guard case .string(let text) = try conversion.convert(argument, to: .string, parameter: index + 1)
                else { continue }
                var copy: UnsafeMutablePointer<CChar>?
                if let text {
                    copy = strdup(text)
                    guard let copy else {
                        throw NativeError.argumentNotEncodable(
                            function: qualifiedName, parameter: index + 1, reason: "out of memory")
                    }
                    strings.append(copy)
                }
                slot.storeBytes(of: copy, as: UnsafeMutablePointer<CChar>?.self)
            case .value(let type):
                NativeMemory.write(try conversion.convert(argument, to: type, parameter: index + 1), as: type, at: slot)
            }
        }
        var result: (UInt64, UInt64) = (0, 0)
        withExtendedLifetime(closures) {
            withUnsafeMutableBytes(of: &result) { buffer in
                ffi_call(
                    preparation.cif, unsafeBitCast(address, to: (@convention(c) () -> Void).self), buffer.baseAddress,
                    pointers)
            }
        }
        let (value, bad) = withUnsafeBytes(of: &result) { buffer in
            buffer.baseAddress.map { NativeMemory.read(signature.returns, at: $0) } ?? (.void, false)
        }
        if bad { throw NativeError.returnNotUTF8(function: qualifiedName) }
        return value
    }
}
