import Foundation
import Testing
import TestSupport

/// `check` on the whole navigation graph, through the binary: every seeded mistake, named.
@Suite("scene-host check: the navigation graph (end to end)")
struct GraphCheckTests {
    @Test(
        "every shipped config checks clean, without a warning",
        arguments: ["scenes.conf", "examples/orders-stack.conf"])
    func shippedConfigsAreClean(config shipped: String) throws {
        // An example's config from a scratch copy: check builds its scenes, so it opens the database it names.
        let config =
            shipped.hasPrefix("examples/")
            ? try ExampleConfig.copy(String(shipped.dropFirst("examples/".count)), into: TemporaryFolder()) : shipped
        let result = try HostProcess.run(["check", "--config", config], in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("check: ok: \(config): "))
        #expect(!result.stdout.contains("warning"), "\(result.stdout)")
    }

    @Test("check names each seeded mistake, every one of them, and exits 4")
    func seededMistakes() throws {
        let folder = try TemporaryFolder()
        let text =
            DemoConfig.config(
                initial: "Sender",
                plugins: [
                    ("Home", BuildProducts.library("HomeScene")), ("Detail", BuildProducts.library("DetailScene")),
                    ("Contracts", BuildProducts.library("FixtureContracts")),
                ]) + "\n[[segues]]\nfrom = \"Sender\"\nid = \"go\"\nto = \"Detail\"\n"
        let config = try folder.write(text, to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 4)
        let c = config
        #expect(
            result.stderr == """
                \(c):12:1: error: segue 'go' from 'Sender' to 'Detail': 'Detail' needs an input (DetailInput), but the router of 'Sender' has no handler routeToDetail to pass it.
                \(c):9:1: error: route from 'Sender' to 'Detail' (declared by plugin 'Contracts'): the payload WrongDetailInput does not fit the input DetailInput of 'Detail': field 'message': expected String, given Int.
                \(c):9:1: error: route from 'Sender' to 'Nowhere' (declared by plugin 'Contracts'): no plugin registers a scene named 'Nowhere'. Registered scenes: Detail, Home, Lonely, Miswired, Returner, Sender, Taker.
                \(c):9:1: error: route from 'Sender' to 'Home' (declared by plugin 'Contracts'): the route passes Extra, but 'Home' declares no input.
                \(c):9:1: error: route from 'Sender' to 'Returner' (declared by plugin 'Contracts'): the result ReturnerResult that 'Returner' hands back does not fit the result SenderResult that 'Sender' accepts: field 'count': expected Int, given String.
                \(c):9:1: error: route from 'Sender' to 'Taker' (declared by plugin 'Contracts'): 'Taker' needs an input (SenderResult), but the route passes nothing; declare what it passes with .route(to: "Taker", passing: ...).
                \(c):9:1: error: scene 'Miswired' (plugin 'Contracts') cannot be wired: in scene 'Miswired', the Interactor SceneInteractor<()> cannot be used as FixtureViewController.interactor, which expects FixtureInteractor.
                \(c):9:1: warning: scene 'Lonely' (plugin 'Contracts') cannot be reached from the initial scene 'Sender': no segue or declared route leads to it.
                check: 7 problems in \(c)

                """)
    }

    @Test("run refuses the same graph with its first problem, before showing anything")
    func runRefuses() throws {
        let folder = try TemporaryFolder()
        let text = DemoConfig.config(
            initial: "Sender", plugins: [("Contracts", BuildProducts.library("FixtureContracts"))])
        let config = try folder.write(text, to: "scenes.conf")
        let result = try HostProcess.run(["run", "--config", config], input: "print\n")
        #expect(result.status == 4)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "\(config):3:1: error: route from 'Sender' to 'Detail' (declared by plugin 'Contracts'): no plugin registers a scene named 'Detail'."
            ))
    }

    @Test("an initial scene that needs input is refused")
    func initialNeedsInput() throws {
        let folder = try TemporaryFolder()
        let text = DemoConfig.config(initial: "Detail", plugins: [("Detail", BuildProducts.library("DetailScene"))])
        let config = try folder.write(text, to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 4)
        #expect(
            result.stderr.hasPrefix(
                "\(config):1:11: error: initial scene 'Detail' needs an input (DetailInput), but nothing routes to it at start. Start at a scene that takes no input.\n"
            ))
    }
}
