#if canImport(Glibc)
import Glibc
#endif
import SceneHostNative

/// (e) libffi: a call of the C pricing Worker's `order_total` through `NativeFunction` (argument
/// checks, conversion, `ffi_call`) against raw `ffi_call` of the same function and signature from a
/// C program (`scene-host-bench-ffi`, run before and after, in the same run); preparing a function
/// (signature parse, `ffi_prep_cif`) against raw `ffi_prep_cif`; and, for reference, the host's call
/// against the function called directly through a typed C function pointer.
@MainActor
enum NativeBenchmark {
    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) throws {
        let path = buildDirectory + "/libNativePricing.so"
        guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL), let address = dlsym(library, "order_total") else {
            throw BenchFailure("cannot open \(path) or find order_total in it: build first")
        }
        let batches = 40 * scale, batchSize = 500
        let before = try raw(buildDirectory: buildDirectory, library: path, batches: batches, batchSize: batchSize)
        let signature = try NativeSignature(parsing: "double(int64, double, double)")
        let function = try NativeFunction(
            qualifiedName: "NativePricing.order_total", signature: signature, address: address)
        let direct = unsafeBitCast(address, to: (@convention(c) (Int64, Double, Double) -> Double).self)
        var sink = 0.0
        let arguments: [NativeValue] = [.int(3), .double(2.5), .double(0.5)]
        let (ffi, plain) = try Measurement.compare(
            batches: batches, batchSize: batchSize,
            {
                if case .double(let value) = try function.call(arguments) { sink += value }
            },
            against: {
                sink += direct(3, 2.5, 0.5)
            })
        let prepare = try Measurement.run(batches: batches, batchSize: batchSize) {
            _ = try NativeFunction(
                qualifiedName: "NativePricing.order_total",
                signature: try NativeSignature(parsing: "double(int64, double, double)"), address: address)
        }
        let after = try raw(buildDirectory: buildDirectory, library: path, batches: batches, batchSize: batchSize)
        guard sink > 0 else { throw BenchFailure("order_total returned nothing") }
        let rawCall = [before.call, after.call].sorted(), rawPrepare = [before.prepare, after.prepare].sorted()
        var call = BenchRow(
            name: "libffi: the host's call vs raw ffi_call (order_total)", value: ffi.median,
            baseline: (rawCall[0] + rawCall[1]) / 2, unit: "ns", bar: 1.5)
        call.baselineRange = rawCall
        var prepared = BenchRow(
            name: "libffi: preparing a function (parse + ffi_prep_cif) vs raw ffi_prep_cif", value: prepare.median,
            baseline: (rawPrepare[0] + rawPrepare[1]) / 2, unit: "ns", bar: 5)
        prepared.baselineRange = rawPrepare
        report.rows.append(call)
        report.rows.append(prepared)
        report.rows.append(
            BenchRow(
                name: "libffi: the host's call vs a direct C call (order_total), extra row", value: ffi.median,
                baseline: plain.median, unit: "ns", bar: nil))
        report.notes.append(
            "libffi: raw side from scene-host-bench-ffi (C), run before and after the host's side: the baseline is their mean, [min-max] the two; \(batches) batches of \(batchSize)"
        )
    }

    /// The C program's medians: one raw `ffi_call` and one `ffi_prep_cif`, in nanoseconds.
    private static func raw(
        buildDirectory: String, library: String, batches: Int, batchSize: Int
    ) throws -> (call: Double, prepare: Double) {
        let program = buildDirectory + "/scene-host-bench-ffi"
        let output = try BenchSpawn.output(program, [library, String(batches), String(batchSize)])
        var values: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        guard let call = values["ffi_call"], let prepare = values["ffi_prep_cif"] else {
            throw BenchFailure("\(program) printed no figures: \(output)")
        }
        return (call, prepare)
    }
}
