// The config is part of the host's API: whoever imports SceneHost reads scenes.conf without a second import.
@_exported import SceneHostConfig
