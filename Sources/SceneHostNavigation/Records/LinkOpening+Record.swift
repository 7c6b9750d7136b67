import SceneSDK
import SceneHostRecordCodec

/// A matched deep link in the record format: the path, its template, each step's scene and style,
/// the converted parameters.
extension LinkOpening: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(link)
        writer.string(template)
        writer.count(steps.count)
        for step in steps {
            writer.string(step.scene)
            step.style.encode(into: &writer)
            writer.optionalString(step.slot)
        }
        parameters.encode(into: &writer)
    }

    package init(from reader: inout RecordReader) throws {
        let link = try reader.string()
        let template = try reader.string()
        let count = try reader.count()
        var steps: [Step] = []
        for _ in 0..<count {
            let scene = try reader.string()
            let style = try NavigationStyle(from: &reader)
            steps.append(Step(scene: scene, style: style, slot: try reader.optionalString()))
        }
        self.init(link: link, template: template, steps: steps, parameters: try PayloadValue(from: &reader))
    }
}
