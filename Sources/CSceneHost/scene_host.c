// The C interface of scene-host scenes is its header alone (include/scene_host.h): this file only
// makes the header a module the host's Swift code compiles against, so the functions the host
// fills in and the header a plugin is built with are one declaration.
#include "scene_host.h"
