/// Makes the greeting text. A service: the plugin registers this one, a test registers a fake.
@MainActor
protocol GreetingWorking {
    func greeting(for name: String) -> String
}

struct GreetingWorker: GreetingWorking {
    func greeting(for name: String) -> String {
        name.isEmpty ? "Hello!" : "Hello, \(name)!"
    }
}
