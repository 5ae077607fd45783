// The README's other library examples, compiled with the program (Scripts/test checks that the
// README shows them as they are here) but not run by it: one needs a display, one a long script.
import Sprout

/// The same world in a window, with the preview's mouse, walking keys and Space/R/P.
func previewInAWindow() throws {
    // snippet window
    let surface = try WindowSurface(title: "My garden", width: 1280, height: 720)
    let world = try World.onStage("living-room", viewport: surface.viewport)
    let runner = WindowRunner(loop: try FrameLoop(world: world, surface: surface), surface: surface)
    let controls = PreviewControls(world: world) { try Assets.model(path: "my-plant.glb") }
    runner.onInput = { try controls.apply($0) }
    try runner.run()   // until Esc or the window closes
    // end snippet
}

/// A long script's trace streamed to a file, a room model as the stage, a second App Clip invocation.
func streamTraceAndScanRoom() throws {
    // snippet long-script
    let player = try ScriptPlayer(path: "long.yaml")
    let trace = try player.streamTrace(to: "trace.json")   // before run; "-" for standard output
    try player.run()
    try trace.commit()   // the file appears whole

    let room = try World.onStage("my-scan.yaml")   // a stage file with `model: scan.glb`
    print(room.stage.modelWarning ?? "planes on \(room.stage.surfaces.count) flat parts")
    let shop = room.startSeedShop(
        catalog: try Assets.catalog(), launchURL: "https://seedshop.example/sunfl",
        loadModel: Assets.localProductLoader())
    shop.invoke("https://seedshop.example/tomato")   // pre-loads the tomato, learns its packet
    // end snippet
}
