@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNavigation

/// The script command `wait KIND ID TEXT`: what an element shows, by the word the screen prints
/// for its kind, and waiting for it while background work runs.
enum ScreenWait {
    /// The kinds `wait` takes, as the screen prints them.
    package static let kinds = ["label", "alert", "field", "text", "toggle", "choice", "button", "busy"]

    /// What `element` shows if it is of `kind`: a label's or field's text, a toggle's `on` or
    /// `off`, a choice's chosen option (empty for none), a button's title, a progress element's
    /// label; nil for another kind.
    package static func text(of element: ScreenElement, kind: String) -> String? {
        guard let shown = shown(by: element), shown.kind == kind else { return nil }
        return shown.text
    }

    /// The kind word and the text of an element `wait` can wait for; nil for the others.
    static func shown(by element: ScreenElement) -> (kind: String, text: String)? {
        switch element {
        case .label(_, let text): return ("label", text)
        case .alert(_, let text): return ("alert", text)
        case .textField(_, _, let text, _, _): return ("field", text)
        case .textArea(_, _, let text, _): return ("text", text)
        case .button(_, let title): return ("button", title)
        case .progress(_, let label, _): return ("busy", label)
        case .toggle(_, _, let isOn): return ("toggle", isOn ? "on" : "off")
        case .choice(_, _, let options, let selected): return ("choice", ScreenElement.chosen(options, selected) ?? "")
        case .secureField, .list, .section: return nil
        }
    }
}

/// Why `wait` gave up: a failed command (exit 1 at the script's end).
struct WaitError: HostConcernError {
    package let kind: String
    package let id: String
    package let expected: String
    /// What it showed last; nil when the screen has no such element.
    package let shown: String?
    package let seconds: Double
    /// No background work was running, so nothing could change it any more.
    package let idle: Bool

    package var exitStatus: ExitStatus { .commandsFailed }

    package var message: String {
        let now = shown.map { "it shows \"\($0)\"" } ?? "the screen has no \(kind) '\(id)'"
        let why =
            idle
            ? "and no background work is running that could change it" : "after \(seconds) s (the event time limit)"
        return TerminalText.escaped("error: wait \(kind) '\(id)' \"\(expected)\": \(now), \(why).")
    }
}

extension AppSession {
    /// Waits until the element `id` of `kind` shows `text`, asking for the screen again while the
    /// session's background work runs, at most `limit`. Throws `WaitError` when it does not.
    nonisolated(nonsending) package func wait(
        kind: String, id: String, text: String, within limit: Duration
    ) async throws -> [any Error] {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var notices: [any Error] = []
        while true {
            let element = try await screen().element(id: id)
            let shown = element.flatMap { ScreenWait.text(of: $0, kind: kind) }
            if shown == text { return notices }
            let left = deadline - clock.now
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            guard left > .zero else {
                throw WaitError(kind: kind, id: id, expected: text, shown: shown, seconds: seconds, idle: false)
            }
            // A short step: work that never settles (a timer) may show it long before it ends.
            notices += try await settle(within: min(left, .milliseconds(50)))
            let now = try await screen().element(id: id).flatMap { ScreenWait.text(of: $0, kind: kind) }
            if !(await isBusy), now != text {
                throw WaitError(kind: kind, id: id, expected: text, shown: now, seconds: seconds, idle: true)
            }
        }
    }
}
