import SceneHostCore
import SceneHostWorkers
extension WebError {
    package var message: String { TerminalText.escaped(unescapedMessage) }

    /// Only start errors end the process (a setting that cannot be used: 2, a port: 7); refused
    /// requests are answered, never exit codes.
    package var exitStatus: ExitStatus {
        if case .invalidTrustedProxy = self { return .configError }
        return .serveError
    }

    /// The message before it is escaped.
    package var unescapedMessage: String {
        switch self {
        case .crossSiteRequest(let origin):
            return
                "error: This form was sent from another site (\(origin)), so nothing was changed. Open the app at its own address and try again."
        case .invalidFormToken:
            return
                "error: This form is out of date or did not come from this app's page, so nothing was changed. Reload the page and try again."
        case .bodyTooLarge(let limit):
            return "error: This form holds more than \(limit) bytes, so nothing was changed. Send less text."
        case .fieldTooLong(_, let length, let limit):
            // Only a value no page asks the user for gets here (a text over its limit is offered back): no field name.
            return
                "error: A value of this form is \(length) characters long, more than the \(limit) it may be, so nothing was changed."
        case .unknownAction(let action):
            return "error: the form asked for \(name: action), which is no action of this page. Use the page's buttons."
        case .cannotListen(let host, let port, let reason):
            return
                "error: cannot listen on \(host):\(port): \(reason). Choose another --port (or stop what uses it), or another --host."
        case .sessionEnded:
            return
                "notice: Your session ended; you are back at the start. (It was idle for a long time, or the server restarted.)"
        case .pageOutOfDate:
            return
                "error: This page was out of date (another tab or a later page moved the app on), so nothing was changed. This is the current screen: try again here."
        case .startingTooFast(let seconds):
            return
                "error: your address started new sessions faster than this server allows, so no new one was started. Use a tab you have open, or try again in \(seconds) \(seconds == 1 ? "second" : "seconds")."
        case .linksClosedToClient(let plugin, let faults, let seconds):
            return
                "error: links of plugin '\(plugin)' are closed to this client address for \(seconds) s: opening them from it ended the scene worker \(faults) times within a minute ([host] faults-per-session). Other clients are not refused."
        case .tooManySessions(let limit):
            return
                "error: your address already holds \(limit) sessions in use, the most one address may hold, so no new one was started. Use a tab you have open, or wait until one of them expires."
        case .serverFull(let sessions, _):
            return
                "error: the server is full (\(sessions) sessions, all in use), so no new session was started. Try again in a minute."
        case .invalidTrustedProxy(let value, let reason, let suggestion):
            let meant = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return
                "error: --trusted-proxy '\(value)': \(reason).\(meant) Give an IPv4 or IPv6 address or CIDR block, such as 10.0.0.0/8, 192.0.2.7, fd00::/8 or ::1."
        case .screenNoLongerOpen(let title):
            return
                "notice: The page “\(title)” is no longer open (the app moved on since), so this is where you are now."
        case .pageNotFound(let path):
            return "error: there is no page at \(path). Start again from the app's start page."
        case .malformedRequest(let reason):
            return "error: the request could not be read (\(reason)). Reload the page and try again."
        case .sessionRebuilt(let note):
            return "notice: Your session was read back after the server restarted or moved; " + note.clause
        case .pageNotAsShown(let title):
            return
                "notice: Your session was read back after the server restarted or moved, but “\(title)” does not show all it showed you before: check it, and do your last step again if something is missing."
        case .storeDownShowingCache:
            return
                "notice: The app cannot reach its session store right now, so this page may be out of date and actions wait until it is back. Try again in a moment."
        case .storeDown:
            return
                "error: The app cannot reach its session store right now, so nothing was changed. Try again in a moment."
        case .actionNotKept:
            return
                "error: The app could not save your last action (its session store did not answer), so it was not kept: your session is as it was before it. Try again in a moment."
        case .actionTakenOver:
            return
                "error: Your last action was not saved: it took so long that the app moved your session on without it. Open the app again and check what you see."
        case .actionUnderWay:
            return
                "error: Your last action was not applied: another action of your session is still being worked on. Wait a moment, then reload the page."
        case .secretRotating:
            return
                "notice: Another tab or window of yours has just changed this session. Reload the page to see where it is now."
        case .draining:
            return "error: This server is restarting and takes no new work. Try again in a moment."
        case .hostNotAllowed(let host, let allowed):
            return
                "error: refused a request for host '\(host)': this server answers only for \(allowed.joined(separator: ", ")). Open it under one of those names, or start it with --allowed-host NAME."
        }
    }
}
