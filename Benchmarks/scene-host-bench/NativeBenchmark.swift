#if canImport(Glibc)
import Glibc
#endif
import SceneHost

/// (e) libffi: a call of the C pricing Worker's `order_total` through `NativeFunction` (argument
/// checks, conversion, `ffi_call`) against the same function called directly through a typed C
/// function pointer; and preparing a function once (signature parse, `ffi_prep_cif`) against one call.
@MainActor
enum NativeBenchmark {
    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) throws {
        let path = buildDirectory + "/libNativePricing.so"
        guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL), let address = dlsym(library, "order_total") else {
            throw BenchFailure("cannot open \(path) or find order_total in it: build first")
        }
        let signature = try NativeSignature(parsing: "double(int64, double, double)")
        let function = try NativeFunction(qualifiedName: "NativePricing.order_total", signature: signature, address: address)
        let direct = unsafeBitCast(address, to: (@convention(c) (Int64, Double, Double) -> Double).self)
        var sink = 0.0
        let arguments: [NativeValue] = [.int(3), .double(2.5), .double(0.5)]
        let (ffi, plain) = try Measurement.compare(batches: 40 * scale, batchSize: 500, {
            if case .double(let value) = try function.call(arguments) { sink += value }
        }, against: {
            sink += direct(3, 2.5, 0.5)
        })
        let prepare = try Measurement.run(batches: 20 * scale, batchSize: 200) {
            _ = try NativeFunction(qualifiedName: "NativePricing.order_total", signature: try NativeSignature(parsing: "double(int64, double, double)"), address: address)
        }
        guard sink > 0 else { throw BenchFailure("order_total returned nothing") }
        report.rows.append(BenchRow(name: "ffi call vs direct C call (order_total)", value: ffi.median, baseline: plain.median, unit: "ns", bar: nil))
        report.rows.append(BenchRow(name: "prepare once (parse + ffi_prep_cif) vs one ffi call", value: prepare.median, baseline: ffi.median, unit: "ns", bar: nil))
    }
}
