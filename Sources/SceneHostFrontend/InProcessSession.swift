@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNavigation

/// An app session whose scenes run on a navigator in this process (`--in-process`, tests): plugin
/// code runs here, so a plugin's crash ends the host. For debugging only.
@MainActor
package final class InProcessSession: AppSession {
    package let navigator: Navigator

    package init(navigator: Navigator) {
        self.navigator = navigator
    }

    /// A session whose stacks are built from `records` on a navigator `make` gives (started at the
    /// initial scene), and what became of them: the scene that fails is cut off with those above it;
    /// when none stands, a fresh navigator from `make` starts over.
    package static func restoring(_ records: [SceneRecord], make: () throws -> Navigator) throws -> (InProcessSession, RestoreNote) {
        let navigator = try make()
        let outcome = navigator.restore(records)
        let reason = outcome.failure.map { ErrorMessage.render($0.error) } ?? "it could not be built"
        guard outcome.restored > 0 else { return (InProcessSession(navigator: try make()), .startedOver(reason: reason)) }
        let note: RestoreNote = outcome.restored < records.count ? .cut(scene: records[outcome.restored].name, reason: reason) : .restored
        return (InProcessSession(navigator: navigator), note)
    }

    package func screen() throws -> Screen { try navigator.screen() }

    package func layers() -> [[String]] { navigator.layers.map { $0.map(\.name) } }

    package func breadcrumb() -> String { ScreenTextRenderer.breadcrumb(layers()) }

    package func apply(_ commands: [FrontendCommand]) async throws {
        for command in commands { try navigator.execute(command) }
    }

    package func open(_ link: LinkOpening) async throws {
        try navigator.open(link)
    }

    package func call(_ function: String, arguments: [String]) async throws -> (lines: [String], result: String) {
        var lines: [String] = []
        let result = try NativeInvocation(container: navigator.container) { lines.append($0) }.call(function, arguments: arguments)
        return (lines, result)
    }

    package func takeNotice() -> (any Error)? { nil }

    package var isBusy: Bool { navigator.needsAttention }

    package func settle(within limit: Duration) async throws -> [any Error] {
        _ = await navigator.settle(within: limit)
        var failures: [any Error] = []
        while let failure = navigator.takeWorkFailure() { failures.append(failure) }
        return failures
    }

    package func records() -> [SceneRecord] { navigator.records() }

    package var links: LinkTable { navigator.links }

    package func close() { navigator.closeAll() }
}
