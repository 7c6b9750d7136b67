/// <NAME>Interactor.swift: business logic and data store.
enum InteractorTemplate {
    package static let text = #"""
        import SceneSDK

        @MainActor
        protocol {{NAME}}BusinessLogic {
            func doSomething(request: {{NAME}}.Something.Request)
        }

        /// What {{NAME}} keeps for the scenes it routes to (read by the router's data passing).
        @MainActor
        protocol {{NAME}}DataStore {
            var text: String { get set }
        }

        final class {{NAME}}Interactor: SceneInteractor<any {{NAME}}PresentationLogic>, {{NAME}}BusinessLogic, {{NAME}}DataStore {
            var text = ""
            private let worker: {{NAME}}Worker

            init(worker: {{NAME}}Worker) {
                self.worker = worker
                super.init()
            }

            /// Runs the Worker in the background, scoped to this scene: cancelled if the scene leaves first.
            func doSomething(request: {{NAME}}.Something.Request) {
                perform { [worker] in
                    let text = try await worker.doSomeWork(text: request.text)
                    self.text = text
                    self.presenter?.presentSomething(response: {{NAME}}.Something.Response(text: text))
                }
            }
        }

        """#
}
