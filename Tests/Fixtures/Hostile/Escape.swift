#if canImport(Glibc)
import Glibc
#endif

/// The attacks that try to outlive the worker or to take memory no limit counts.
enum Escape {
    typealias Fork = @convention(c) () -> pid_t

    /// `fork` through its symbol (Swift marks it unavailable); nil with errno when refused.
    static func fork() -> pid_t? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "fork") else { return nil }
        let pid = unsafeBitCast(symbol, to: Fork.self)()
        return pid < 0 ? nil : pid
    }

    static func run(_ name: String) -> String {
        switch name {
        case "fork":
            guard let pid = fork() else { return "fork: refused (\(Attack.errnoName()))" }
            if pid == 0 { sleep(60); _exit(0) }
            return "fork: DONE pid \(pid)"
        case "setsid":
            // The child leaves the worker's session, then double-forks: the grandchild would be an orphan
            // in a session of its own, beyond the worker's group.
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return "setsid: no pipe" }
            guard let pid = fork() else { return "setsid: refused at fork (\(Attack.errnoName()))" }
            if pid == 0 {
                close(ends[0])
                let left = setsid() >= 0 || setpgid(0, 0) == 0
                let report = left ? "left" : "stayed (\(Attack.errnoName()))"
                if let grandchild = fork(), grandchild > 0 {
                    let line = "\(report) pid \(grandchild)"
                    _ = line.withCString { write(ends[1], $0, strlen($0)) }
                    _exit(0)
                } else {
                    // The grandchild (or a child that could not fork again) lives on.
                    sleep(60)
                    _exit(0)
                }
            }
            close(ends[1])
            var buffer = [UInt8](repeating: 0, count: 128)
            let count = read(ends[0], &buffer, buffer.count)
            close(ends[0])
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let text = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : "no answer"
            return "setsid: \(text)"
        case "hogs":
            var children: [pid_t] = []
            for _ in 0..<3 {
                guard let pid = fork() else { return "hogs: refused (\(Attack.errnoName())) after \(children.count)" }
                if pid == 0 {
                    let size = 900 << 20
                    guard let block = malloc(size) else { _exit(3) }
                    memset(block, 1, size)
                    sleep(60)
                    _exit(0)
                }
                children.append(pid)
            }
            // Each child touched 900 MiB or died trying; a child alive after 3 s holds its share.
            sleep(3)
            let alive = children.filter { kill($0, 0) == 0 && !isZombie($0) }
            return "hogs: \(alive.count) of 3 alive holding 900 MiB; pids \(children.map(String.init).joined(separator: ","))"
        default:
            return "\(name): no such attack"
        }
    }

    /// A 3 GiB memfd with every page written: tmpfs pages count against no address space.
    static func memfd() -> String {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create") else { return "memfd: no symbol" }
        typealias Create = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
        let descriptor = unsafeBitCast(symbol, to: Create.self)("hog", 0)
        guard descriptor >= 0 else { return "memfd: refused (\(Attack.errnoName()))" }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 1, count: 1 << 20)
        var written = 0
        while written < 3 << 30 {
            let count = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return "memfd: stopped after \(written >> 20) MiB (\(Attack.errnoName()))" }
            written += count
        }
        return "memfd: DONE \(written >> 20) MiB"
    }

    private static func isZombie(_ pid: pid_t) -> Bool {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return true }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return true }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return true }
        return text[text.index(close, offsetBy: 2)...].hasPrefix("Z")
    }
}
