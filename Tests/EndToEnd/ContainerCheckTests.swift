import Foundation
import Testing
import TestSupport

/// Containers (issue 50) end to end: `check` refuses a misdeclared container with its located
/// message, and `list` and `graph` show a well-declared one's slots; both from a fresh probe and
/// from the probe cache (which must carry the slots).
@Suite("containers in check, list and graph (end to end)")
struct ContainerCheckTests {
    @Test(
        "check refuses a tab whose initial scene is misspelt: the plugin's line, the tab, its container, the scene it likely means"
    )
    func misspeltInitial() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(
            DemoConfig.config(initial: "Main", plugins: [("Typo", BuildProducts.library("FixtureContainerTypo"))]),
            to: "scenes.conf")
        let cache = folder.path("probes.cache")
        for _ in 0..<2 {
            // Probed, then from the cache: the same report. OrderList is the tab's scene as meant:
            // nothing else leads to it.
            let result = try HostProcess.run(["check", "--config", config], probeCache: cache)
            #expect(result.status == 4)
            #expect(
                result.stderr == """
                    \(config):3:1: error: tab 'orders' of container 'Main' (declared by plugin 'Typo') starts at 'OrderLsit', but no plugin registers a scene of that name. Did you mean 'OrderList'? Registered scenes: Main, OrderList, Settings. Fix the slot's initial scene in the SceneDefinition of 'Main', or add the plugin that registers it to the config.
                    \(config):3:1: warning: scene 'OrderList' (plugin 'Typo') cannot be reached from the initial scene 'Main': no segue or declared route leads to it.
                    check: 1 problem in \(config)

                    """)
        }
    }

    @Test(
        "check passes a well-declared container; list shows its tabs and panes, graph draws them bold, from the cache alike"
    )
    func wellDeclared() throws {
        let folder = try TemporaryFolder()
        let library = BuildProducts.library("FixtureContainers")
        let config = try folder.write(
            DemoConfig.config(initial: "Main", plugins: [("Containers", library)]), to: "scenes.conf")
        let cache = folder.path("probes.cache")
        for _ in 0..<2 {
            let check = try HostProcess.run(["check", "--config", config], probeCache: cache)
            #expect(check.status == 0, "\(check.stderr)")
            let list = try HostProcess.run(["list", "--config", config], probeCache: cache)
            #expect(list.status == 0, "\(list.stderr)")
            #expect(
                list.stdout == """
                    plugins:
                      Containers  FixtureContainers 0.0.1  \(library)  scenes: Main, OrderDetail, OrderList, OrdersSplit, PickOrder, Settings
                    scenes:
                      Main  [Containers]  (initial)
                        tabs:     orders → OrdersSplit, settings → Settings
                      OrderDetail  [Containers]
                      OrderList  [Containers]
                      OrdersSplit  [Containers]
                        panes:    list → OrderList, detail → PickOrder
                      PickOrder  [Containers]
                      Settings  [Containers]
                    routes:
                      OrderList -> OrderDetail  router, in code  in slot detail  replace  passing nothing

                    """)
            let graph = try HostProcess.run(
                ["graph", "--format", "mermaid", "--config", config], probeCache: cache)
            #expect(graph.status == 0, "\(graph.stderr)")
            #expect(
                graph.stdout == """
                    flowchart LR
                      s0(["Main<br/>(Containers)"])
                      s1["OrderDetail<br/>(Containers)"]
                      s2["OrderList<br/>(Containers)"]
                      s3["OrdersSplit<br/>(Containers)"]
                      s4["PickOrder<br/>(Containers)"]
                      s5["Settings<br/>(Containers)"]
                      s0==>|"tab orders"|s3
                      s0==>|"tab settings"|s5
                      s2-.->|"in code · in slot detail · replace"|s1
                      s3==>|"pane list"|s2
                      s3==>|"pane detail"|s4

                    """)
        }
    }
}
