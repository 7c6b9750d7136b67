/// Checks that a POST comes from this site's own page: its Origin, Sec-Fetch-Site and form token.
///
/// Browsers send Origin and Sec-Fetch-Site with every form post, and a page of another site
/// cannot set them, nor read the session's token out of our page.
struct WebRequestGuard: Sendable {
    package init() {}

    /// Throws unless the request is same-origin (`host` is the Host header it was sent to) and
    /// carries `expectedToken`.
    package func check(
        origin: String?, fetchSite: String?, host: String?, token: String?, expectedToken: String
    ) throws(WebError) {
        if let fetchSite, fetchSite != "same-origin", fetchSite != "none" {
            throw .crossSiteRequest(origin: origin ?? fetchSite)
        }
        if let origin {
            guard let host, origin == "http://\(host)" || origin == "https://\(host)" else {
                throw .crossSiteRequest(origin: origin)
            }
        }
        guard let token, Self.constantTimeEqual(token, expectedToken) else { throw .invalidFormToken }
    }

    /// Compares without stopping at the first difference, so timing does not leak the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
