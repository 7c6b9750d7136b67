import SceneSDK

@MainActor
protocol GreetingBusinessLogic {
    func greet(request: Greeting.Greet.Request)
}

/// What Greeting's router reads and writes: the name, and the greeting made from it.
@MainActor
protocol GreetingDataStore: AnyObject {
    var name: String { get set }
    var greeting: String { get }
}

final class GreetingInteractor: SceneInteractor<any GreetingPresentationLogic>, GreetingBusinessLogic, GreetingDataStore {
    var name = "World"
    private(set) var greeting = ""
    private let worker: any GreetingWorking

    init(worker: any GreetingWorking) {
        self.worker = worker
    }

    func greet(request: Greeting.Greet.Request) {
        greeting = worker.greeting(for: name)
        presenter?.presentGreeting(response: Greeting.Greet.Response(greeting: greeting))
    }
}
