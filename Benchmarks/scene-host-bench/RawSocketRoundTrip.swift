#if canImport(Glibc)
import Glibc
#endif

/// The raw side of the worker hop: `scene-host-bench-pingpong`, two C processes exchanging frames
/// of the given sizes over a socketpair with blocking writes and reads.
enum RawSocketRoundTrip {
    /// The median round trip in nanoseconds.
    static func measure(buildDirectory: String, request: Int, reply: Int, roundTrips: Int) throws -> Double {
        let program = buildDirectory + "/scene-host-bench-pingpong"
        guard request > 0, reply > 0 else {
            throw BenchFailure("no frame was exchanged with the worker to size the raw round trip by")
        }
        let output = try BenchSpawn.output(program, [String(request), String(reply), String(roundTrips)])
        let parts = output.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, parts[0] == "round_trip", let value = Double(parts[1]), value > 0 else {
            throw BenchFailure("\(program) printed no round trip: \(output)")
        }
        return value
    }
}
