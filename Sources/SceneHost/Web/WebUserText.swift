import Logging
import SceneSDK

/// What an end user reads when something fails, and what the operator reads in the log.
///
/// Pages show plain sentences and a reference (`r-1a2b3c4d`); the detail (the plugin, scene, signal,
/// event, the host's own message) goes to the server log under the same reference. With
/// `serve --debug-pages` (development) the detail is on the page too, as it was before.
struct WebUserText: Sendable {
    let logger: Logger
    /// `serve --debug-pages`: the operator's detail is shown on the page as well.
    let debugPages: Bool

    /// What went wrong, for the page: `plain` for the user; the error's full message to the log.
    func describe(_ error: any Error, plain: String, kind: Kind = .error) -> String {
        let reference = "r-" + String(WebSession.randomHex().prefix(8))
        let detail = ErrorMessage.render(error)
        logger.warning("\(reference): \(detail)")
        var text = kind.prefix + plain + " (Reference: \(reference).)"
        if debugPages { text += "\nDetail: " + detail }
        return text
    }

    /// Whether the page shows the message as an error (announced at once) or a notice.
    enum Kind {
        case error, notice

        var prefix: String {
            switch self {
            case .error: "error: "
            case .notice: "notice: "
            }
        }
    }

    /// The sentence for a failed action: a worker that stopped during it restored the page; any other failure changed nothing.
    static func actionFailed(_ error: any Error) -> String {
        if case WorkerError.workerStopped = error { return restored }
        return actionFailed
    }

    /// The sentence for what happened to a session between its requests: a worker it shares stopped in
    /// another session (nothing this user did), or in its own action.
    static func notice(_ error: any Error) -> String {
        if case WorkerError.sharedWorkerStopped = error { return restoredShared }
        return restored
    }

    // MARK: The sentences

    static let actionFailed = "Your last action could not be applied, so nothing was changed."
    static let restored = "Something went wrong on this page; it was restored. Your last action was not applied."
    static let restoredShared = "The app had a problem on the server, not caused by anything you did; this page was restored as it was."
    static let sessionLost = "Something went wrong and your session could not be kept, so you are back at the start."
    static let noSuchPage = "There is no page at this address. Start again from the app's start page."
    static let storeDown = "The app cannot reach its session store right now. Try again in a moment."
    static let pageFailed = "This page could not be shown because something went wrong on the server. Try again in a moment."
}
