import ArgumentParser
import SproutApp
import SproutCommandLine
import SproutSession

struct GeoCommand: ParsableCommand, StageDefaults, FramesDefaults {
    static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract: "Geotracking on a stage with a geographic origin: placemarks on a map (window, or offscreen frames), anchors saved as GPX.",
        discussion: """
            Window: walk with W/S, A/D, Q/E and the arrows; a click in the view adds an anchor where it points, a click on \
            the map (top right) adds one there; U undoes the last; Esc saves the anchors (--gpx) and quits. Offscreen: the \
            anchors of --gpx (or one on the street ahead) are added once localised; the device walks towards the first and frames show it rise.
            """
    )
    static let (stage, output, frames) = ("street-corner", "sprout-geo", 6)
    static let stageHelp = "A stage with a geographic origin (built-in: street-corner) or a stage file."
    static let framesHelp = "Offscreen frames, spread over 24 simulated seconds."

    @OptionGroup var world: StageOptions<Self>
    @OptionGroup var offscreen: FramesOptions<Self>

    @Option(help: "GPX file: its waypoints are loaded as anchors, and the anchors are saved back to it.")
    var gpx: String?

    @Option(help: "How anchors are marked: sphere (the sample's, default: the stage's) or arrow (an arrow once the accuracy is medium or high).")
    var placemark: PlacemarkStyle?

    func run() throws {
        var app = try GeoApp(stage: world.stage)
        (app.seed, app.placemarkStyle) = (world.seed, placemark)
        if let gpx { try app.useGPX(gpx) }
        let surface = try SurfaceChoice.windowOrOffscreen(title: "Sprout geo", width: world.size.width, height: world.size.height)
        try app.run(on: surface, frames: offscreen.frames, folder: offscreen.output)
    }
}
