// Sprout as a library: a basil plant on the tabletop stage rendered headless to PNG, then a
// gesture script played with its expectations as the verdict. Run: swift run GardenPreview [OUT.png]
import Foundation
import Sprout

let output = CommandLine.arguments.dropFirst().first ?? "garden.png"
let folder = String(#filePath.prefix(upTo: #filePath.range(of: "/Sources/")!.lowerBound))

// A world on a built-in stage (the simulated session senses it), drawn offscreen.
let surface = try OffscreenSurface(width: 640, height: 360)
let world = try World.onStage("tabletop", seed: 1, viewport: surface.viewport)
let loop = try FrameLoop(world: world, surface: surface)

// Look at the table until it is found, put the plant at the focus square, let it settle.
for _ in 0..<150 { loop.advance(deltaTime: 1.0 / 60) }
let basil = try Assets.model(path: try Assets.requireDirectory() + "/plants/basil.glb")
guard world.place(basil, named: "basil") else { fatalError("the table was not found: \(world.summary)") }
for _ in 0..<30 { loop.advance(deltaTime: 1.0 / 60) }
try loop.draw()
try surface.writePNG(to: output)
let colours = distinctColours(try surface.readPixels())
print("wrote \(output): \(colours) colours, \(world.summary)")

// A gesture script, played without a window: failures name the step, expected and actual.
let player = try ScriptPlayer(path: folder + "/garden.yaml")
let failures = try player.run()
failures.forEach { print($0) }
print(failures.isEmpty && colours > 100 ? "PASS" : "FAIL")
if !failures.isEmpty || colours <= 100 { exit(1) }

/// How many RGB colours an RGBA image has (a blank frame has one).
func distinctColours(_ pixels: [UInt8]) -> Int {
    var seen = Set<UInt32>()
    for i in stride(from: 0, to: pixels.count, by: 4) {
        let r = UInt32(pixels[i]), g = UInt32(pixels[i + 1]), b = UInt32(pixels[i + 2])
        seen.insert(r << 16 | g << 8 | b)
    }
    return seen.count
}
