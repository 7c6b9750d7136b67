/// A unified diff of two texts, line by line, as `diff -u` prints it (GNU hunk headers).
///
/// Myers' O((N+M)·D) algorithm: fast when the texts are alike, which is the case a golden
/// transcript check meets (a run that changed a few lines). Texts that differ in every line cost
/// O((N+M)²) time and memory, still fine for transcripts of a few thousand lines.
package struct TranscriptDiff: Sendable {
    package enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// Lines of context around each change.
    package static let context = 3

    /// The unified diff from `expected` to `actual`, starting `--- expected` / `+++ actual`;
    /// nil when their lines are equal. A missing line break at the end counts as none.
    package static func unified(expected: String, actual: String) -> String? {
        let old = lines(of: expected), new = lines(of: actual)
        guard old != new else { return nil }
        let edits = self.edits(from: old, to: new)
        var output = ["--- expected", "+++ actual"]
        for hunk in hunks(of: edits) { output += hunk }
        return output.joined(separator: "\n") + "\n"
    }

    /// The lines of `text`; a final line break does not start an empty line.
    package static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script from `old` to `new` (Myers).
    package static func edits(from old: [String], to new: [String]) -> [Edit] {
        let n = old.count, m = new.count, offset = n + m
        var v = [Int](repeating: 0, count: 2 * offset + 2)
        var trace: [[Int]] = []
        search: for d in 0...offset {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, old[x] == new[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { trace.append(v); break search }
            }
        }
        // Walk the trace back from (n, m); trace[d] holds V as it was before step d.
        var x = n, y = m
        var reversed: [Edit] = []
        for d in stride(from: trace.count - 2, through: 1, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = v[offset + previousK], previousY = previousX - previousK
            while x > previousX, y > previousY { x -= 1; y -= 1; reversed.append(.same(old[x])) }
            if x == previousX {
                y -= 1; reversed.append(.added(new[y]))
            } else {
                x -= 1; reversed.append(.removed(old[x]))
            }
        }
        while x > 0, y > 0 { x -= 1; y -= 1; reversed.append(.same(old[x])) }
        return reversed.reversed()
    }

    /// The hunks of `edits`, each as its lines: the `@@ ... @@` header, then ` `, `-` and `+` lines.
    static func hunks(of edits: [Edit]) -> [[String]] {
        let changes = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        guard let firstChange = changes.first else { return [] }
        // Group changes whose context would touch or overlap into one hunk.
        var groups: [(start: Int, end: Int)] = []
        var start = firstChange, end = firstChange
        for index in changes.dropFirst() {
            if index - end - 1 > 2 * context { groups.append((start, end)); start = index }
            end = index
        }
        groups.append((start, end))
        // Line numbers (from 1) of the old and new text at each edit.
        var oldLine = [Int](), newLine = [Int]()
        var o = 1, a = 1
        for edit in edits {
            oldLine.append(o); newLine.append(a)
            switch edit {
            case .same: o += 1; a += 1
            case .removed: o += 1
            case .added: a += 1
            }
        }
        return groups.map { group in
            let from = max(0, group.start - context), to = min(edits.count - 1, group.end + context)
            var body: [String] = []
            var oldCount = 0, newCount = 0
            for edit in edits[from...to] {
                switch edit {
                case .same(let line): body.append(" " + line); oldCount += 1; newCount += 1
                case .removed(let line): body.append("-" + line); oldCount += 1
                case .added(let line): body.append("+" + line); newCount += 1
                }
            }
            let header =
                "@@ -\(range(start: oldLine[from], count: oldCount)) +\(range(start: newLine[from], count: newCount)) @@"
            return [header] + body
        }
    }

    /// A hunk range as GNU diff writes it: `3` for one line, `3,4` for more, `2,0` (the line before) for none.
    private static func range(start: Int, count: Int) -> String {
        switch count {
        case 0: return "\(start - 1),0"
        case 1: return "\(start)"
        default: return "\(start),\(count)"
        }
    }
}
