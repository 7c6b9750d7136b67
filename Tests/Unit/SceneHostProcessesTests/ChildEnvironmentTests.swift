import Testing
@testable import SceneHostProcesses

/// The environment of a process that runs plugin code: the documented short list, never a secret.
@Suite("Child environment")
struct ChildEnvironmentTests {
    @Test("only the locale, the time zone, the library path, SCENE_PLUGIN_* and the host's own settings pass")
    func shortList() {
        let host = [
            "PGPASSWORD": "hunter2", "SCENE_HOST_SESSION_STORE": "postgres://u:p@h/db", "HOME": "/root",
            "AWS_SECRET_ACCESS_KEY": "k",
            "LANG": "de_DE.UTF-8", "LC_TIME": "C", "TZ": "Europe/Berlin", "LD_LIBRARY_PATH": "/opt/lib",
            "LD_PRELOAD": "/tmp/evil.so",
            "SCENE_PLUGIN_MODE": "fast", "SCENE_PLUGIN_": "empty name", "PATH": "/home/u/bin:/usr/bin",
            "SCENE_HOST_DUMPABLE": "1",
        ]
        let made = ChildEnvironment.make(from: host)
        #expect(
            made == [
                "LANG": "de_DE.UTF-8", "LC_TIME": "C", "TZ": "Europe/Berlin", "LD_LIBRARY_PATH": "/opt/lib",
                "SCENE_PLUGIN_MODE": "fast", "PATH": "/usr/local/bin:/usr/bin:/bin", "SCENE_HOST_DUMPABLE": "1",
                "SWIFT_BACKTRACE": "enable=no", "MALLOC_ARENA_MAX": "2",
            ])
    }

    @Test("a malloc arena bound the user set is kept; SCENE_HOST_DUMPABLE passes only as 1")
    func hostSettings() {
        let made = ChildEnvironment.make(from: ["MALLOC_ARENA_MAX": "4", "SCENE_HOST_DUMPABLE": "yes"])
        #expect(made["MALLOC_ARENA_MAX"] == "4")
        #expect(made["SCENE_HOST_DUMPABLE"] == nil)
    }
}
