import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Many loopback connections that each send the first line of a request and nothing more (a
/// slowloris client), driven without blocking: `step` connects, sends the line once a connection is
/// made, and notes when the server closed (or refused) it.
struct HalfSentFlood {
    private enum Phase { case connecting, sent, ended }

    private var sockets: [Int32] = []
    private var phases: [Phase] = []
    private let line: [UInt8]
    /// Connections the server wrote anything to (a half-sent request should get no answer).
    private(set) var answered = 0
    /// Connections the server closed after taking the line (an end of file, or a reset).
    private(set) var closedByServer = 0

    /// Opens `count` sockets to 127.0.0.1:`port` (fewer when this process runs out of descriptors: see `opened`).
    init(port: UInt16, count: Int, line: String) {
        self.line = Array(line.utf8)
        for _ in 0..<count {
            // Close-on-exec: the processes other tests of this process start (a PostgreSQL server, hosts)
            // must not inherit a flood's descriptors.
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { break }
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            var target = sockaddr_in()
            target.sin_family = sa_family_t(AF_INET)
            target.sin_port = port.bigEndian
            target.sin_addr.s_addr = inet_addr("127.0.0.1")
            let started = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            sockets.append(socket)
            // Refused at once (no room even in the listen queue): that connection is over.
            phases.append(started == 0 || errno == EINPROGRESS ? .connecting : .ended)
        }
    }

    var opened: Int { sockets.count }
    /// Connections not yet closed or refused.
    var pending: Int { phases.count { $0 != .ended } }
    var allEnded: Bool { pending == 0 }

    /// Waits up to `waiting` seconds for any connection to move on, and moves each that can.
    mutating func step(waiting: Double) {
        let live = phases.indices.filter { phases[$0] != .ended }
        guard !live.isEmpty else { return }
        var polled = live.map {
            pollfd(fd: sockets[$0], events: Int16(phases[$0] == .connecting ? POLLOUT : POLLIN), revents: 0)
        }
        guard poll(&polled, nfds_t(polled.count), Int32(waiting * 1000)) > 0 else { return }
        for (place, index) in live.enumerated() where polled[place].revents != 0 {
            let socket = sockets[index]
            switch phases[index] {
            case .connecting:
                var failure: Int32 = 0
                var size = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &size)
                guard failure == 0, polled[place].revents & Int16(POLLOUT) != 0 else {
                    phases[index] = .ended
                    continue
                }
                let sent = line.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                phases[index] = sent == line.count ? .sent : .ended
            case .sent:
                var buffer = [UInt8](repeating: 0, count: 4096)
                let read = recv(socket, &buffer, buffer.count, 0)
                if read > 0 {
                    answered += 1
                } else if read == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    phases[index] = .ended
                    closedByServer += 1
                }
            case .ended:
                break
            }
        }
    }

    /// Closes every socket this side still holds.
    mutating func closeAll() {
        sockets.forEach { close($0) }
        sockets = []
        phases = []
    }
}
