import Foundation
import Logging
import Testing
@testable import SceneHostWorkers
@testable import SceneHostWebModel
import TestSupport

/// Every 500 `serve` answers is logged as an error with its cause (issue 46): a worker that could
/// not load its build (the plugin's words, `remote`) was a 500 with nothing in the log.
@MainActor
@Suite("Web controller: every 500 is logged")
struct WebServerErrorLogTests {
    @Test("a page that cannot be made for a worker's load failure is a 500, logged as an error naming its cause")
    func loadFailureLogged() {
        let log = CapturedLog()
        let store = WebSessionStore(
            makeSession: { throw WorkerError.workerUnavailable(reason: "none") },
            restoreSession: { _ in throw WorkerError.workerUnavailable(reason: "none") })
        let controller = WebController(store: store, logger: log.logger)
        let failure = WorkerError.remote(
            RemoteFailure(text: "error: plugin 'Form' (/apps/libForm.so) changed since it was probed", status: 3))
        let reply = controller.failed(failure)
        #expect(reply.status == 500)
        let errors = log.messages(atLeast: .error)
        #expect(errors.count == 1, "\(log.messages())")
        #expect(
            errors.first?.hasPrefix("r-") == true
                && errors.first?.hasSuffix(
                    ": answered 500: error: plugin 'Form' (/apps/libForm.so) changed since it was probed") == true,
            "\(errors)")
        // The page's reference is the log's.
        guard case .refusal(let message) = reply.body,
            let reference = message.range(of: #"r-[0-9a-f]{8}"#, options: .regularExpression)
        else {
            Issue.record("no reference on the page: \(reply.body)")
            return
        }
        #expect(errors.first?.hasPrefix(String(message[reference]) + ": ") == true, "\(message) \(errors)")
    }

    @Test("a retryable failure (503) stays at its own level")
    func retryableNotAnError() {
        let log = CapturedLog()
        let store = WebSessionStore(
            makeSession: { throw WorkerError.workerBusy(milliseconds: 5) },
            restoreSession: { _ in throw WorkerError.workerBusy(milliseconds: 5) })
        let controller = WebController(store: store, logger: log.logger)
        let reply = controller.failed(WorkerError.workerBusy(milliseconds: 5))
        #expect(reply.status == 503)
        #expect(log.messages(atLeast: .error).isEmpty, "\(log.messages())")
    }
}
