/// Makefile of `new scene --language c`: builds lib<PLUGIN>.so from <NAME>.c against the scene_host.h beside it.
///
/// The compiler's warnings are errors, the plugin's symbols hidden but the ones it exports
/// (`SCENE_HOST_EXPORT`); `CC`, `CFLAGS` and `BUILD` (the library's folder) may be given to make.
enum CMakefileTemplate {
    package static let text = #"""
        # {{PLUGIN}}: the scene {{NAME}}, written in C against scene_host.h alone (no Swift, no SDK).
        # `make` builds lib{{PLUGIN}}.so here (`make BUILD=DIR` in DIR); `make clean` removes it.
        #
        # Load it: add these lines to a scenes.conf (the path is relative to the config's folder, here one that holds
        # this folder; or absolute):
        #   [plugins.{{PLUGIN}}]
        #   path = "{{PLUGIN}}/lib{{PLUGIN}}.so"
        # then route to '{{NAME}}' from a scene (or set initial = "{{NAME}}") and run `scene-host check`.
        #
        # scene_host.h is the interface of the host that made this folder; for another host, write it again
        # with `scene-host interface --format c --output scene_host.h` and build again.
        CC ?= cc
        CFLAGS ?= -O2 -g
        BUILD ?= .

        # The host refuses a plugin file others may write, so the library is made not group-writable (any umask).
        $(BUILD)/lib{{PLUGIN}}.so: {{NAME}}.c scene_host.h
        	mkdir -p $(BUILD)
        	$(CC) $(CFLAGS) -std=c11 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared -I. -o $@ {{NAME}}.c
        	chmod go-w $@

        clean:
        	rm -f $(BUILD)/lib{{PLUGIN}}.so

        .PHONY: clean

        """#
}
