import Foundation

/// One figure of the report: a value, the baseline measured in the same run, their ratio, and
/// the bar the ratio must stay under, and for a goal in absolute terms (cold start under 2 s) the
/// limit the value must stay under. A figure where more is better (throughput) has a bar the ratio
/// must reach instead (`barIsMinimum`). A figure that is the median of several runs can carry the
/// smallest and largest run of each side (`valueRange`, `baselineRange`: [min, max]).
struct BenchRow: Codable {
    let name: String
    let value: Double
    let baseline: Double
    let unit: String
    let bar: Double?
    var limit: Double? = nil
    var barIsMinimum: Bool? = nil
    var valueRange: [Double]? = nil
    var baselineRange: [Double]? = nil

    /// Value over baseline; nil when either was not measured (zero, or not a number): a missing
    /// measurement is never a ratio, so it can never meet a bar.
    var ratio: Double? {
        guard baseline > 0, value > 0, baseline.isFinite, value.isFinite else { return nil }
        return value / baseline
    }
    var passed: Bool? {
        guard bar != nil || limit != nil else { return nil }
        let barMet = bar.map { bar in ratio.map { barIsMinimum == true ? $0 >= bar : $0 <= bar } ?? false } ?? true
        return barMet && (limit.map { value > 0 && value <= $0 } ?? true)
    }
}

/// The whole report: rows, the machine, printed as a table and written as JSON.
struct BenchReport: Codable {
    var machine: String
    var date: String
    var rows: [BenchRow] = []
    var notes: [String] = []

    var allBarsMet: Bool { rows.allSatisfy { $0.passed ?? true } }

    func table() -> String {
        let header = ["figure", "value", "baseline", "ratio", "bar", ""]
        let lines = rows.map { row -> [String] in
            [
                row.name, Self.format(row.value, row.unit, range: row.valueRange),
                Self.format(row.baseline, row.unit, range: row.baselineRange),
                row.ratio.map { String(format: "%.2fx", $0) } ?? "not measured",
                row.bar.map { String(format: row.barIsMinimum == true ? "≥ %.2fx" : "≤ %.2fx", $0) } ?? row.limit.map {
                    "< " + Self.format($0, row.unit)
                } ?? "",
                row.passed.map { $0 ? "met" : "MISSED" } ?? "",
            ]
        }
        let widths = header.indices.map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
        func render(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(
                separator: "  ")
        }
        var text =
            [render(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
            + lines.map(render)
        text += notes.map { "note: " + $0 }
        return text.joined(separator: "\n")
    }

    /// `value` in `unit`, followed by the run-to-run range when there is one: `41.2 µs [39.8-44.0]`.
    static func format(_ value: Double, _ unit: String, range: [Double]?) -> String {
        guard let range, range.count == 2 else { return format(value, unit) }
        let low = format(range[0], unit), high = format(range[1], unit)
        let bare = { (text: String) in text.split(separator: " ").first.map(String.init) ?? text }
        // One unit for the three numbers when they share it ("41.2 µs [39.8-44.0]"), else each its own.
        let units = Set(
            [format(value, unit), low, high].map { $0.split(separator: " ").dropFirst().joined(separator: " ") })
        return units.count == 1
            ? "\(format(value, unit)) [\(bare(low))-\(bare(high))]" : "\(format(value, unit)) [\(low)-\(high)]"
    }

    static func format(_ value: Double, _ unit: String) -> String {
        switch unit {
        case "req/s":
            return String(format: "%.0f req/s", value)
        case "ns":
            if value >= 1_000_000 { return String(format: "%.2f ms", value / 1_000_000) }
            if value >= 1_000 { return String(format: "%.2f µs", value / 1_000) }
            return String(format: "%.0f ns", value)
        case "bytes":
            if value >= 1_048_576 { return String(format: "%.1f MiB", value / 1_048_576) }
            return String(format: "%.1f KiB", value / 1024)
        default:
            return String(format: "%.3g %@", value, unit)
        }
    }

    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }
}
