// The umbrella module: `import Sprout` brings the whole public surface a program needs (the
// only place in the package that re-exports). Depend on a single product instead
// (`SproutScene`, `SproutRender`, ...) to keep a build small.
@_exported import SproutApp
@_exported import SproutAssets
@_exported import SproutDocument
@_exported import SproutFiles
@_exported import SproutGeo
@_exported import SproutGolden
@_exported import SproutHeadless
@_exported import SproutImage
@_exported import SproutInteraction
@_exported import SproutMath
@_exported import SproutNetwork
@_exported import SproutPlants
@_exported import SproutRender
@_exported import SproutScene
@_exported import SproutSceneFile
@_exported import SproutScript
@_exported import SproutSeedShop
@_exported import SproutSession
@_exported import SproutWindow
@_exported import SproutWorld
