import SceneHostCore
import SceneHostNavigation
/// A web request `scene-host serve` refuses, or a server that cannot start (its settings, its port). Shown on the page
/// (requests) or on standard error (start); its text and exit code are in `WebError+Message.swift`.
package enum WebError: HostConcernError, Equatable, Sendable {
    /// The POST came from another site (its Origin or Sec-Fetch-Site says so).
    case crossSiteRequest(origin: String)
    /// The POST's form token is missing or not this session's (a forged or stale form).
    case invalidFormToken
    /// The request body is larger than the limit.
    case bodyTooLarge(limit: Int)
    /// One form field is longer than the limit.
    case fieldTooLong(field: String, length: Int, limit: Int)
    /// The form's action is not one the page offers.
    case unknownAction(String)
    /// The browser's cookie named a session that no longer lives (idle too long, evicted, or the server restarted).
    case sessionEnded
    /// The form came from a page of an earlier state of the session (another tab moved on).
    case pageOutOfDate
    /// The request's Host names none of the names the server answers for (`WebHostPolicy`).
    case hostNotAllowed(host: String, allowed: [String])
    /// One client address started new sessions faster than `--session-rate` allows: it may start
    /// the next one in `retryAfter` seconds.
    case startingTooFast(retryAfter: Int)
    /// Opening deep links of `plugin` ended the scene worker `faults` times within a minute for GETs
    /// from this client address (`[host] faults-per-session`): its GETs of that plugin's links are
    /// refused for `retryAfter` seconds; everyone else's are not.
    case linksClosedToClient(plugin: String, faults: Int, retryAfter: Int)
    /// One client address already holds the most sessions in use (used twice or more) one address may hold.
    case tooManySessions(limit: Int)
    /// Every session the server keeps is in use: a new one would evict someone at work. `retryAfter`:
    /// seconds until sessions made or used now may be evicted (the eviction grace).
    case serverFull(sessions: Int, retryAfter: Int)
    /// The page asked for is a screen no longer open in the session (shown with the current one).
    case screenNoLongerOpen(title: String)
    /// No page at that path: not the start, a screen of the session, or a declared link.
    case pageNotFound(path: String)
    /// The request could not be read (a broken body encoding).
    case malformedRequest(reason: String)
    /// The session was built again from the session store (a restart, another instance), and not all
    /// of it could be: `note` says what became of its stacks.
    case sessionRebuilt(RestoreNote)
    /// The session was built again from the store and all of it stands, but the screen on top shows
    /// other texts than its user last saw there (its scene keeps state it does not hand the host).
    case pageNotAsShown(title: String)
    /// The session store did not answer: the page shown is this instance's last copy of the session.
    case storeDownShowingCache
    /// The session store did not answer: nothing was changed.
    case storeDown
    /// The action ran but the session store did not keep it: the session is what the store holds.
    case actionNotKept
    /// The action ran, but meanwhile another instance took the session over (its lease ran out): not kept.
    case actionTakenOver
    /// Another action of the session is still under way (on this instance or another) after a wait: not applied.
    case actionUnderWay
    /// A page asked for with the session's previous secret, just after another tab's action replaced it.
    case secretRotating
    /// The server is shutting down (a deploy): the request is not taken here.
    case draining
    /// The server could not listen on host:port.
    case cannotListen(host: String, port: Int, reason: String)
    /// A `--trusted-proxy` value that is no address or CIDR block; `suggestion` the block it may mean.
    case invalidTrustedProxy(value: String, reason: String, suggestion: String?)
}
