import CSyscalls

/// How many processors this process may run on (`scene_host_processor_count`: its affinity mask,
/// which `taskset` and a container's cpuset narrow); at least 1. Foundation's
/// `activeProcessorCount` without Foundation, for the layers a probe child runs.
package enum ProcessorCount {
    package static var available: Int { max(1, Int(scene_host_processor_count())) }
}
