import SproutAssets
import SproutImage
import SproutMath
import SproutPlants
import SproutScene

/// What `sprout grow` writes: a catalog plant at its real size, deterministic for a seed.
public enum PlantExport {
    /// Writes `plant` grown from `seed` to `path`: `.glb` with its levels of detail as files of
    /// their own beside it and the sway clip on the full plant, or `.obj` with an `.mtl` beside it.
    public static func write(_ plant: String, seed: UInt64 = 1, to path: String) throws {
        guard let parts = PlantLibrary.parts(plant, seed: seed) else {
            throw AppError("unknown plant '\(plant)'; available: \(PlantLibrary.names.joined(separator: ", "))")
        }
        guard path.hasSuffix(".glb") else { return try OBJWriter.write(parts, to: path) }
        // Cheaper levels stand still (drawn when the plant looks small, a few pixels tall, where
        // a sway would not show), so the file stays about twice its still size instead of three times.
        let height = BoundingBox(points: parts.flatMap(\.mesh.positions)).max.y
        try ModelExporter.write(
            PlantSway.addingTargets(to: parts, height: height), levels: PlantLibrary.levelsOfDetail(plant, seed: seed),
            animation: (PlantSway.clipName, PlantSway.sampler), targetNames: PlantSway.targetNames, to: path, format: "glb2")
    }

    /// Paints `plant`'s seed packet front (8 x 12 cm at 4000 px/m) with an App Clip Code for `url` to `path` (PNG).
    public static func writePacket(_ plant: String, url: String, to path: String) throws {
        let art = try SeedPacketPrinter.image(plant: plant, url: url)
        try ImageFile.writePNG(pixels: art.pixels, width: art.width, height: art.height, to: path)
    }
}
