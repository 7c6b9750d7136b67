// The bottom layer is part of the host's API: whoever imports SceneHost sees its errors, exit
// codes and locations without a second import.
@_exported import SceneHostCore
