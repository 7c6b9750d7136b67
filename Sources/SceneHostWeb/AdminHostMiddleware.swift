import HTTPTypes
import Hummingbird
import NIOCore
import SceneHostWebModel

/// Refuses (421) an admin request whose `Host` the admin listener does not answer for, as the app's
/// listener does (`WebHostPolicy`): a page of another site that rebinds its name to this machine
/// cannot read `/metrics` or probe `/readyz` from a browser.
struct AdminHostMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: WebHostPolicy

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do throws(WebError) {
            try hosts.check(request.head.authority)
        } catch {
            return Response(
                status: HTTPResponse.Status(code: 421),
                headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: error.message + "\n")))
        }
        return try await next(request, context)
    }
}
