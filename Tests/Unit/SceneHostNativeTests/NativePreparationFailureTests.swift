import CFFI
import Testing
@testable import SceneHostNative

/// A libffi preparation that fails is a typed error and frees its buffers once: each object's
/// `deinit` does (freeing them in the failing `init` as well was a double free, which glibc aborts on).
@Suite("Native: failed preparations")
struct NativePreparationFailureTests {
    @Test("ffi_prep_cif failing (an ABI libffi does not know) throws preparationFailed; the interface is freed once")
    func callInterface() throws {
        for _ in 0..<200 {
            #expect(throws: NativeError.self) {
                _ = try NativeCallInterface(
                    try NativeSignature(parsing: "int32(int32, double)"), function: "T.f", abi: ffi_abi(rawValue: 999))
            }
        }
    }

    @Test("ffi_prep_closure_loc failing throws preparationFailed; the closure is freed once")
    func closure() throws {
        for _ in 0..<200 {
            let interface = try NativeCallInterface(try NativeSignature(parsing: "void(int32)"), function: "T.g")
            // A cif libffi refuses for closures: the prepared one with an ABI it does not know.
            interface.cif.pointee.abi = ffi_abi(rawValue: 999)
            #expect(throws: NativeError.self) {
                _ = try NativeClosure(interface, callback: NativeCallback { _ in .void }, function: "T.g")
            }
        }
    }
}
