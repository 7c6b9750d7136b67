/// "Did you mean": the declared name closest to a typed one, for settings (here) and routes (the testing kit).
@_spi(SceneTesting)
public enum NameSuggestion {
    /// The declared name within a third of the typed one's length in edits (at least 1, at most 3, fewer than
    /// either name's letters), if any.
    public static func closest(to typed: String, in names: [String]) -> String? {
        let limit = min(3, max(1, typed.count / 3))
        let scored = names.map { ($0, distance(Array(typed.lowercased()), Array($0.lowercased()))) }
        // A change of every letter (a one-letter name) is another name, not a typo.
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit, best.1 < typed.count, best.1 < best.0.count else { return nil }
        return best.0
    }

    /// Edit distance (insert, delete, replace, swap of neighbours).
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], rows[i - 2][j - 2] + 1) }
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
    }
}
