#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostConfigFile

/// `[host] worker-user`: a user of this system, not root, and only for a host that runs as root;
/// each refusal located, with did-you-mean.
@Suite("Config: [host] worker-user")
struct WorkerUserTests {
    private let location = SourceLocation(file: "scenes.conf", line: 3, column: 15)

    @Test("an unprivileged user of this system resolves to its uid and group, for a root host")
    func resolves() throws {
        // `nobody` is in every Debian passwd.
        let user = try WorkerUser.resolve("nobody", at: location, hostIsRoot: true)
        #expect(user.name == "nobody" && user.uid == 65534 && user.uid != 0)
    }

    @Test("a name that is no user is refused with did-you-mean")
    func unknownUser() {
        #expect(throws: ConfigError.self) { try WorkerUser.resolve("nobodi", at: location, hostIsRoot: true) }
        do {
            _ = try WorkerUser.resolve("nobodi", at: location, hostIsRoot: true)
        } catch {
            #expect(
                ErrorMessage.render(error)
                    == "scenes.conf:3:15: error: [host] worker-user is \"nobodi\", which is no user of this system. Did you mean 'nobody'? Name an unprivileged user that exists (useradd --system scene-worker makes one), or remove worker-user."
            )
        }
    }

    @Test("root is refused: the worker would keep root's uid")
    func rootRefused() {
        do {
            _ = try WorkerUser.resolve("root", at: location, hostIsRoot: true)
            Issue.record("root was accepted")
        } catch {
            #expect(
                ErrorMessage.render(error)
                    == "scenes.conf:3:15: error: 'worker-user' is \"root\"; expected the name of an unprivileged user (not root): the worker leaves root's powers behind."
            )
        }
    }

    @Test("a host that does not run as root cannot hand its workers to another user: refused at start")
    func needsRoot() {
        do {
            _ = try WorkerUser.resolve("nobody", at: location, hostIsRoot: false)
            Issue.record("accepted without root")
        } catch {
            #expect(
                ErrorMessage.render(error)
                    == "scenes.conf:3:15: error: [host] worker-user is \"nobody\", but this host does not run as root, so its workers cannot become another user. Start the host as root, or remove worker-user (the workers then run as you)."
            )
        }
    }

    @Test("read from [host], located at its value; not a string is refused")
    func fromTheConfig() throws {
        let text = "initial = \"Home\"\n[host]\nworker-user = \"nobodi\"\n"
        do {
            _ = try ConfigLoader().parse(text: text, file: "scenes.conf", baseDirectory: "/apps")
            Issue.record("accepted")
        } catch {
            #expect(
                ErrorMessage.render(error).hasPrefix(
                    "scenes.conf:3:15: error: [host] worker-user is \"nobodi\", which is no user"))
        }
        do {
            _ = try ConfigLoader().parse(
                text: "initial = \"Home\"\n[host]\nworker-user = 3\n", file: "scenes.conf", baseDirectory: "/apps")
            Issue.record("accepted")
        } catch {
            #expect(ErrorMessage.render(error).contains("'worker-user' must be a user's name"))
        }
        if geteuid() == 0 {
            let settings = try ConfigLoader().parse(
                text: "initial = \"Home\"\n[host]\nworker-user = \"nobody\"\n", file: "scenes.conf",
                baseDirectory: "/apps"
            ).host
            #expect(settings.workerUser?.uid == 65534)
        }
    }
}
