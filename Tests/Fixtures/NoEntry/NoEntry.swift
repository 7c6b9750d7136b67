/// A valid shared library that is no plugin: it exports no `scene_plugin_entry`.
public func fixtureNoEntryAnswer() -> Int { 42 }
