/// <NAME>Worker.swift: the work the interactor hands off, injected through the container.
enum WorkerTemplate {
    package static let text = #"""
        /// Does {{NAME}}'s work for the interactor; the plugin registers it as a service, so a test or
        /// an app can swap it. Replace its body with your own calls (a web API, a database): it is
        /// `async`, and the interactor runs it in the background (`perform`), so a slow call holds up
        /// no one.
        struct {{NAME}}Worker {
            /// The text without the spaces around it.
            func doSomeWork(text: String) async throws -> String {
                try Task.checkCancellation()
                return String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            }
        }

        """#
}
