import Logging
import SceneSDK
import SceneHostCore
import SceneHostFrontend
import SceneHostNavigation
import SceneHostWorkers

/// What an end user reads when something fails, and what the operator reads in the log.
///
/// Pages show plain sentences and a reference (`r-1a2b3c4d`); the detail (the plugin, scene, signal,
/// event, the host's own message) goes to the server log under the same reference. With
/// `serve --debug-pages` (development) the detail is on the page too, as it was before.
package struct WebUserText: Sendable {
    package let logger: Logger
    /// `serve --debug-pages`: the operator's detail is shown on the page as well.
    package let debugPages: Bool

    /// What went wrong, for the page: `plain` for the user; the error's full message to the log.
    /// `answering` 500: the page is a server error, logged as an error whatever its cause (a
    /// worker's load failure is the plugin's words, `remote`, and would otherwise go unheard).
    package func describe(
        _ error: any Error, plain: String, kind: Kind = .error, answering status: Int? = nil
    ) -> String {
        let detail = ErrorMessage.render(error)
        // News, not a failure (a `--watch` reload that was accepted): no reference to look up, and
        // the log keeps it at info; shown once, like every notice (the session's note is taken).
        if Self.isInformation(error) {
            logger.info("\(detail)")
            return Kind.notice.prefix + plain
        }
        let reference = "r-" + String(WebSession.randomHex().prefix(8))
        if status == 500 {
            logger.error("\(reference): answered 500: \(detail)")
        } else {
            logger.log(level: Self.isOperators(error) ? .warning : .info, "\(reference): \(detail)")
        }
        var text = kind.prefix + plain + " (Reference: \(reference).)"
        if debugPages { text += "\nDetail: " + detail }
        return text
    }

    /// Whether the page shows the message as an error (announced at once) or a notice.
    package enum Kind {
        case error, notice

        var prefix: String {
            switch self {
            case .error: "error: "
            case .notice: "notice: "
            }
        }
    }

    /// The sentence for a failed action: what the fault did, when it was one; else nothing was changed.
    static func actionFailed(_ error: any Error) -> String { forFault(error) ?? actionFailed }

    /// The sentence for what happened to a session between its requests (a worker it shares stopped
    /// in another session: nothing this user did).
    package static func notice(_ error: any Error) -> String { forFault(error) ?? restored }

    /// The sentence for a page that could not be made (a plugin closed for a while says when to come back).
    static func pageFailed(_ error: any Error) -> String { forFault(error) ?? pageFailed }

    /// What a scene worker's fault, or a rebuilt page's missing part, means to the user it reached;
    /// nil for every other error.
    private static func forFault(_ error: any Error) -> String? {
        if let navigation = error as? NavigationError { return navigation.rebuiltSentence }
        guard let fault = error as? WorkerError else { return nil }
        switch fault {
        case .workerStopped, .crashedOutsideScene: return restored
        case .sharedWorkerStopped, .pluginsClosed: return restoredShared
        case .pluginRefused(_, _, let retryIn):
            return
                "This part of the app is closed for now because it stopped working for several users; it is tried again within \(retryIn) s. Try again then."
        case .sessionEndedForFaults(_, _, _, _, let faults):
            return
                "Your session was ended because your actions stopped the app \(faults) times. You are back at the start."
        case .workerBusy: return "The app is busy, so your last action was not applied. Try again in a moment."
        // `--watch` is for development: its author reads the checks' own words on the page.
        case .reloaded(let plugins, let restore):
            return "The app was reloaded with a new build of \(plugins.joined(separator: ", ")); " + restore.clause
        case .reloadRefused(let plugins, let reason):
            return
                "A new build of \(plugins.joined(separator: ", ")) was refused, so the old build keeps running and nothing changed:\n"
                + reason
        case .remote(let failure): return failure.rebuilt
        case .workerUnavailable, .nativeCallFaulted, .sessionLost, .checkStopped: return nil
        }
    }

    /// Whether `error` is news rather than a failure: an accepted `--watch` reload.
    static func isInformation(_ error: any Error) -> Bool {
        guard case .reloaded? = error as? WorkerError else { return false }
        return true
    }

    /// Whether an operator should hear of it (a fault, a store away, anything unforeseen: warning) or
    /// it is the app refusing what a user asked (a command the screen refuses, a bad link: info, seen with --verbose).
    static func isOperators(_ error: any Error) -> Bool {
        if case WorkerError.remote? = error as? WorkerError { return false }
        return !(error is NavigationError || error is LinkError || error is WebError || error is CommandLineError)
    }

    // MARK: The sentences

    static let actionFailed = "Your last action could not be applied, so nothing was changed."
    package static let restored =
        "Something went wrong on this page; it was restored. Your last action was not applied."
    static let restoredShared =
        "The app had a problem on the server, not caused by anything you did; this page was restored as it was."
    package static let sessionLost =
        "Something went wrong and your session could not be kept, so you are back at the start."
    static let noSuchPage = "There is no page at this address. Start again from the app's start page."
    static let storeDown = "The app cannot reach its session store right now. Try again in a moment."
    static let pageFailed =
        "This page could not be shown because something went wrong on the server. Try again in a moment."

    /// The page of a link closed to the client's address after its GETs of it stopped the app (`WebLinkFaults`).
    static func linkClosed(retryAfter seconds: Int) -> String {
        "This link stopped the app several times when opened from your address, so it is closed to you for now. Try again in \(seconds) \(seconds == 1 ? "second" : "seconds")."
    }
}
