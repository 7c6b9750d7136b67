/// "Did you mean" for misspelt names: the closest allowed word within a small edit distance.
package enum Suggestion {
    /// "Did you mean 'Detail'? Registered scenes: Detail, Home." for an unknown scene `name`.
    package static func registeredList(_ scenes: [String], near name: String) -> String {
        guard !scenes.isEmpty else { return "No scenes are registered." }
        let suggestion = closest(to: name, in: scenes).map { "Did you mean '\($0)'? " } ?? ""
        return "\(suggestion)Registered scenes: \(scenes.joined(separator: ", "))."
    }

    package static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        let scored = candidates.map { (candidate: $0, distance: distance(word.lowercased(), $0.lowercased())) }
        // A one-letter word is one edit from every other one-letter word: that is no resemblance.
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit,
            best.distance < word.count
        else { return nil }
        return best.candidate
    }

    /// Levenshtein distance, with adjacent transpositions counting as one edit.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
