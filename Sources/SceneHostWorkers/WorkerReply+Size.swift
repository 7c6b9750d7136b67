import SceneSDK

extension WorkerReply {
    /// At least how many bytes this reply's frame payload takes: the distinct texts of its screens
    /// (and of its records' titles) and of a native call's answer, each counted once (the frame's string table keeps each text
    /// once); records, failures and the rest are not counted. Cheap next to encoding: no text is
    /// copied or walked byte by byte, so a worker tells an answer far over `WorkerFrame.maximumSize`
    /// (a 70 MB render) before it spends longer than the host waits on encoding it.
    var leastPayloadBytes: Int {
        var texts = Set<String>()
        switch self {
        case .session(_, let report, _), .settled(let report, _, _), .changed(_, let report):
            if case .success(let screen) = report.screen { Self.collect(screen, into: &texts) }
            // The titles of the scenes below, rendered by plugin code as the screen is.
            texts.formUnion(report.titles)
        case .called(let lines, let result):
            texts.formUnion(lines)
            if case .success(let text) = result { texts.insert(text) }
        case .ready, .loadFailed, .progress, .closed:
            break
        }
        return texts.reduce(0) { $0 + $1.utf8.count }
    }

    private static func collect(_ screen: Screen, into texts: inout Set<String>) {
        texts.insert(screen.title)
        for element in screen.allElements {
            switch element {
            case .label(let id, let text), .alert(let id, let text): texts.formUnion([id, text])
            case .textField(let id, let placeholder, let text, let label, let problem):
                texts.formUnion([id, placeholder, text, label, problem])
            case .textArea(let id, let label, let text, let problem): texts.formUnion([id, label, text, problem])
            case .secureField(let id, let label, _, let problem): texts.formUnion([id, label, problem])
            case .toggle(let id, let title, _), .button(let id, let title), .section(let id, let title, _):
                texts.formUnion([id, title])
            case .choice(let id, let label, let options, _): texts.formUnion([id, label] + options)
            case .list(let id, let rows):
                texts.insert(id)
                for row in rows { texts.formUnion([row.title, row.detail]) }
            case .progress(let id, let label, _): texts.formUnion([id, label])
            }
        }
    }
}
