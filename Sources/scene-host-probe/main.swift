import CWorkerShim

// `scene-host-probe`: the probe child of a `scene-host` (docs/security.md, "Probes"). The host starts
// it with `--start-fd N`, the plugins to probe and where their records go in one start file
// (`ProbeStart`); people never do. It links no Foundation (see ProbeMode).

// libdispatch's thread monitor reads /proc/<tid>/stat, which Landlock refuses: the shim's `open`
// reads the same file where the rules allow it (Sources/CWorkerShim). Referenced so it is linked.
_ = scene_host_worker_shim_linked()

ProbeMode.run(Array(CommandLine.arguments.dropFirst()))
