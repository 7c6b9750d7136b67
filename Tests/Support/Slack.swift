/// The one allowance the tests make for a loaded machine (CI runs the whole suite in parallel on 2
/// cores, where load averages of 30-90 stretched steps that take 0.1 s on a quiet machine to
/// several seconds): `scaled(quiet)` is a limit that holds on a quiet machine times `factor` (10).
/// A test waits for what it expects rather than for a time, and measures cost in CPU time; where it
/// must still race the wall clock it uses a scaled limit: a time limit of the product's own that a
/// hanging fixture runs into (`--probe-timeout`, `event-timeout`), with the test's bounds read from
/// that same value, or the outer limit of a wait for something that comes quickly when all is well.
package enum Slack {
    package static let factor = 10

    package static func scaled(_ quiet: Duration) -> Duration { quiet * factor }
}
