// Part of the host's API: whoever imports SceneHost sees it without a second import.
@_exported import SceneHostWebModel
