// A render test in a user's own package: a scene file drawn headless and compared with a golden
// PNG by SproutTesting's `Golden.check` (Swift Testing here; in XCTest the same throwing call
// fails the test). UPDATE_GOLDENS=1 swift test rewrites the golden.
import Sprout
import SproutTesting
import Testing

let folder = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound))

@Test func basilOnTheTableLooksAsItDid() throws {
    let image = try SceneView.render(path: folder + "/basil-scene.yaml")
    try Golden.check(image, against: folder + "/Tests/GardenPreviewTests/Goldens/basil.png")
}

@Test func aChangedPictureIsCaught() throws {
    var image = try SceneView.render(path: folder + "/basil-scene.yaml")
    for i in stride(from: 0, to: image.pixels.count / 4, by: 4) { image.pixels[i] = 255 }   // the top quarter reddened
    let golden = try ImageFile.read(path: folder + "/Tests/GardenPreviewTests/Goldens/basil.png")
    let diff = try ImageComparison.compare(image, golden)
    #expect(!diff.passes && diff.failingPixels > 1000)
}
