import HTTPTypes
import Hummingbird
import SceneHostWebModel

/// Gives every 429 and 503 the router answers a `Retry-After` (`WebReply.defaultRetryAfter` unless
/// the answer has its own), thrown errors included: no path of the app can leave a client without
/// being told when to come back. (`ConnectionGuard`'s 503s, answered before the router, carry their own.)
struct RetryAfterMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPResponseError where WebReply.asksToWait(error.status.code) {
            response = try error.response(from: request, context: context)
        }
        if WebReply.asksToWait(response.status.code), response.headers[.retryAfter] == nil {
            response.headers[.retryAfter] = String(WebReply.defaultRetryAfter)
        }
        return response
    }
}
