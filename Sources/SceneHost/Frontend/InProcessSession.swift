@_spi(SceneHost) import SceneSDK

/// An app session whose scenes run on a navigator in this process (`--in-process`, tests): plugin
/// code runs here, so a plugin's crash ends the host. For debugging only.
@MainActor
public final class InProcessSession: AppSession {
    public let navigator: Navigator

    public init(navigator: Navigator) {
        self.navigator = navigator
    }

    /// A session whose stacks are built from `records` on a navigator `make` gives (started at the
    /// initial scene), and what became of them: the scene that fails is cut off with those above it;
    /// when none stands, a fresh navigator from `make` starts over.
    public static func restoring(_ records: [SceneRecord], make: () throws -> Navigator) throws -> (InProcessSession, RestoreNote) {
        let navigator = try make()
        let outcome = navigator.restore(records)
        let reason = outcome.failure.map { ErrorMessage.render($0.error) } ?? "it could not be built"
        guard outcome.restored > 0 else { return (InProcessSession(navigator: try make()), .startedOver(reason: reason)) }
        let note: RestoreNote = outcome.restored < records.count ? .cut(scene: records[outcome.restored].name, reason: reason) : .restored
        return (InProcessSession(navigator: navigator), note)
    }

    public func screen() throws -> Screen { try navigator.screen() }

    public func layers() -> [[String]] { navigator.layers.map { $0.map(\.name) } }

    public func breadcrumb() -> String { ScreenTextRenderer.breadcrumb(layers()) }

    public func apply(_ commands: [FrontendCommand]) async throws {
        for command in commands { try navigator.execute(command) }
    }

    public func open(_ link: LinkOpening) async throws {
        try navigator.open(link)
    }

    public func call(_ function: String, arguments: [String]) async throws -> (lines: [String], result: String) {
        var lines: [String] = []
        let result = try NativeInvocation(container: navigator.container) { lines.append($0) }.call(function, arguments: arguments)
        return (lines, result)
    }

    public func takeNotice() -> (any Error)? { nil }

    public func records() -> [SceneRecord] { navigator.records() }

    public var links: LinkTable { navigator.links }

    public func close() { navigator.closeAll() }
}
