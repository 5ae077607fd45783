/// Normal maps' mipmap levels that keep how much their normals disagree.
///
/// A minified normal map's texel stands for many normals; their mean points the average way
/// and is shorter the more they spread. The shader normalizes it, so without more the spread
/// is lost and a bumpy surface seen from afar keeps a mirror's narrow highlight where a path
/// tracer averaging over the pixel finds a wider, dimmer one (Toksvig; Neubelt and Pettineo,
/// "Crafting a Next-Gen Material Pipeline for The Order: 1886", 2013). These levels carry the
/// spread in alpha, which glTF's normal textures leave unused. From the length r of the mean
/// of the unit normals under a texel, they vary like those of a von Mises-Fisher lobe of
/// concentration k = (3r - r^3) / (1 - r^2), whose slopes vary by 1/k on each axis as a
/// Beckmann or GGX lobe's of alpha^2 = 2/k do: that 2/k, what the shader adds to the surface's
/// alpha^2 (`normals.glsl`), is stored as 1 - its square root (the 1 - r that matters is small,
/// and 8 bits of r itself would make a mirror rough from one level's step): 255 where the
/// normals all agree, as at level 0, whose alpha is the image's (255 as decoders give an RGB
/// file; other values are set to 255). Colour is the stored vectors' mean, as `halved` makes it
/// for any linear texture.
extension Image {
    /// Calls `body` with each of `count` levels, level 0 first (this image, alpha 255), each next
    /// `halved(sRGB: false)` with alpha 255 x (1 - sqrt(min(2/k, 1))), rounded, for the mean of
    /// the unit normals of level 0 under it (over the same area weights as the colour's).
    public func normalMapLevels(count: Int, _ body: (Image, Int) -> Void) {
        let opaque = pixels.withUnsafeBufferPointer { texels in
            var all: UInt8 = 255
            for i in stride(from: 3, to: texels.count, by: 4) { all &= texels[i] }
            return all == 255
        }
        if opaque {
            body(self, 0)
        } else {
            var levelZero = self
            for i in stride(from: 3, to: levelZero.pixels.count, by: 4) { levelZero.pixels[i] = 255 }
            body(levelZero, 0)
        }
        guard count > 1 else { return }
        var level = halved(sRGB: false)
        var means: UnitNormalMeans
        var next = 2
        if count > 2 && width % 4 == 0 && height % 4 == 0 {
            // Level 1's spreads straight into its image and level 2's means, in one pass: level
            // 1's means are never held (12 MiB of floats for a 2,048² map).
            means = UnitNormalMeans.levelTwo(of: self, writingLevelOneSpreadsInto: &level)
            body(level, 1)
        } else {
            means = UnitNormalMeans(unitNormalsOf: self)
            means.writeSpreads(intoAlphaOf: &level)
            body(level, 1)
            if count > 2 { means = means.halved() }
        }
        while next < count {
            level = level.halved(sRGB: false)
            means.writeSpreads(intoAlphaOf: &level)
            body(level, next)
            next += 1
            if next < count { means = means.halved() }
        }
    }
}

/// The mean unit normal under each texel of a level, three floats a texel (16-bit fixed point
/// was tried: its rounding alone left normals that all agree a length of 0.99998, a spread that
/// made a mirror's highlight visibly wider).
private struct UnitNormalMeans {
    let width: Int, height: Int
    private var components: [Float]

    /// Level 1's means: level 0's stored vectors (2 x byte / 255 - 1), each normalized (a zero
    /// vector stays zero), averaged over each level-1 texel's area.
    init(unitNormalsOf image: Image) {
        self = image.pixels.withUnsafeBufferPointer { texels in
            guard image.width % 2 == 0 && image.height % 2 == 0 else {
                return Self.averaging(sourceWidth: image.width, sourceHeight: image.height, StoredNormals(texels: texels.baseAddress!))
            }
            return Self.averagingBlocks(of: texels.baseAddress!, width: image.width, height: image.height)
        }
    }

    /// Level 2's means of an image whose sizes are multiples of 4, and level 1's spreads written
    /// into `levelOne`'s alpha on the way: each 2 x 2 block's four normals normalized together
    /// (four lanes at once), its mean level 1's texel, four of those level 2's.
    static func levelTwo(of image: Image, writingLevelOneSpreadsInto levelOne: inout Image) -> UnitNormalMeans {
        let width = image.width, w1 = width / 2, w = width / 4, h = image.height / 4
        let out = [Float](unsafeUninitializedCapacity: w * h * 3) { destination, count in
            count = w * h * 3
            image.pixels.withUnsafeBufferPointer { source in
                levelOne.pixels.withUnsafeMutableBufferPointer { levelOneTexels in
                    let shared = (
                        dst: UnsafeSendable(destination.baseAddress!), src: StoredNormals(texels: source.baseAddress!),
                        one: UnsafeSendable(levelOneTexels.baseAddress!)
                    )
                    let make = { @Sendable (band: Range<Int>) in
                        let dst = shared.dst.pointer, src = shared.src.texels, one = shared.one.pointer
                        for y in band {
                            for x in 0..<w {
                                var sum: (Float, Float, Float) = (0, 0, 0)
                                for j in 0..<2 {
                                    let y1 = 2 * y + j, row0 = src + 8 * y1 * width, row1 = row0 + 4 * width
                                    for i in 0..<2 {
                                        let x1 = 2 * x + i
                                        let mean = blockMean(row0 + 8 * x1, row1 + 8 * x1)
                                        one[4 * (y1 * w1 + x1) + 3] = storedSpread(mean)
                                        sum = (sum.0 + mean.0, sum.1 + mean.1, sum.2 + mean.2)
                                    }
                                }
                                let o = 3 * (y * w + x)
                                (dst[o], dst[o + 1], dst[o + 2]) = (sum.0 * 0.25, sum.1 * 0.25, sum.2 * 0.25)
                            }
                        }
                    }
                    inBands(rows: h, texels: 4 * w * h, make)   // level 1's texels, which the work is
                }
            }
        }
        return UnitNormalMeans(width: w, height: h, components: out)
    }

    /// The mean of the four unit normals of the 2 x 2 block whose rows start at `top` and
    /// `bottom` (RGBA bytes), normalized in four lanes at once.
    private static func blockMean(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>) -> (Float, Float, Float) {
        func lanes(_ k: Int) -> SIMD4<Float> {
            SIMD4<Float>(Float(top[k]), Float(top[4 + k]), Float(bottom[k]), Float(bottom[4 + k])) / 127.5 - 1
        }
        let vx = lanes(0), vy = lanes(1), vz = lanes(2)
        let squared = vx * vx + vy * vy + vz * vz
        var inverse = 1 / squared.squareRoot()
        inverse.replace(with: 0, where: squared .== 0)
        return ((vx * inverse).sum() * 0.25, (vy * inverse).sum() * 0.25, (vz * inverse).sum() * 0.25)
    }

    /// A mean normal's spread as stored: 255 x (1 - sqrt(min(2/k, 1))), rounded, where
    /// 2/k = 2 (1 - r^2) / (3r - r^3) for its length r; past 1 (r below about 0.6) a lobe is as
    /// wide as GGX's gets.
    static func storedSpread(_ mean: (Float, Float, Float)) -> UInt8 {
        let r = min(1, (mean.0 * mean.0 + mean.1 * mean.1 + mean.2 * mean.2).squareRoot())
        let denominator = 3 * r - r * r * r
        let spread = denominator > 0 ? min(1, 2 * (1 - r * r) / denominator) : 1
        return UInt8((1 - spread.squareRoot()) * 255 + 0.5)
    }

    /// Level 1 of an image of even sizes: each 2 x 2 block's four normals normalized together
    /// (four lanes at once: most of a large normal map's levels' time is here).
    private static func averagingBlocks(of texels: UnsafePointer<UInt8>, width: Int, height: Int) -> UnitNormalMeans {
        let w = width / 2, h = height / 2
        // Every element is written below: no zeroing pass first.
        let out = [Float](unsafeUninitializedCapacity: w * h * 3) { destination, count in
            count = w * h * 3
            let shared = (dst: UnsafeSendable(destination.baseAddress!), src: StoredNormals(texels: texels))
            let make = { @Sendable (band: Range<Int>) in
                let dst = shared.dst.pointer, src = shared.src.texels
                for y in band {
                    let row0 = src + 8 * y * width, row1 = row0 + 4 * width
                    for x in 0..<w {
                        let o = 3 * (y * w + x)
                        (dst[o], dst[o + 1], dst[o + 2]) = blockMean(row0 + 8 * x, row1 + 8 * x)
                    }
                }
            }
            inBands(rows: h, texels: w * h, make)
        }
        return UnitNormalMeans(width: w, height: h, components: out)
    }

    private init(width: Int, height: Int, components: [Float]) {
        (self.width, self.height, self.components) = (width, height, components)
    }

    /// The next level: each texel the area-weighted mean of this level's under it (`BoxTaps`).
    func halved() -> UnitNormalMeans {
        components.withUnsafeBufferPointer { held in
            Self.averaging(sourceWidth: width, sourceHeight: height, HeldMeans(values: held.baseAddress!))
        }
    }

    /// Means over OpenGL's next level size of `source`'s vectors, rows split in bands across the
    /// cores for large levels.
    private static func averaging<Source: NormalSource>(sourceWidth: Int, sourceHeight: Int, _ source: Source) -> UnitNormalMeans {
        let w = max(1, sourceWidth / 2), h = max(1, sourceHeight / 2)
        let columns = BoxTaps(sourceSize: sourceWidth), rows = BoxTaps(sourceSize: sourceHeight)
        var out = [Float](repeating: 0, count: w * h * 3)
        out.withUnsafeMutableBufferPointer { destination in
            let shared = UnsafeSendable(destination.baseAddress!)
            let make = { @Sendable (band: Range<Int>) in
                let dst = shared.pointer
                if sourceWidth % 2 == 0 && sourceHeight % 2 == 0 {
                    // Each texel the mean of the 2 x 2 under it.
                    for y in band {
                        let row0 = 2 * y * sourceWidth, row1 = row0 + sourceWidth
                        for x in 0..<w {
                            let a = source.vector(row0 + 2 * x), b = source.vector(row0 + 2 * x + 1)
                            let c = source.vector(row1 + 2 * x), d = source.vector(row1 + 2 * x + 1)
                            let o = 3 * (y * w + x)
                            dst[o] = (a.0 + b.0 + c.0 + d.0) * 0.25
                            dst[o + 1] = (a.1 + b.1 + c.1 + d.1) * 0.25
                            dst[o + 2] = (a.2 + b.2 + c.2 + d.2) * 0.25
                        }
                    }
                    return
                }
                for y in band {
                    for x in 0..<w {
                        var sum: (Float, Float, Float) = (0, 0, 0)
                        for j in 0..<BoxTaps.count {
                            let wy = rows.weights[3 * y + j]
                            guard wy > 0 else { continue }
                            let row = rows.indices[3 * y + j] * sourceWidth
                            for i in 0..<BoxTaps.count {
                                let weight = wy * columns.weights[3 * x + i]
                                guard weight > 0 else { continue }
                                let v = source.vector(row + columns.indices[3 * x + i])
                                sum = (sum.0 + weight * v.0, sum.1 + weight * v.1, sum.2 + weight * v.2)
                            }
                        }
                        let o = 3 * (y * w + x)
                        (dst[o], dst[o + 1], dst[o + 2]) = sum
                    }
                }
            }
            inBands(rows: h, texels: w * h, make)
        }
        return UnitNormalMeans(width: w, height: h, components: out)
    }

    /// Each texel's spread (`storedSpread`) into `level`'s alpha (the same size).
    func writeSpreads(intoAlphaOf level: inout Image) {
        components.withUnsafeBufferPointer { held in
            level.pixels.withUnsafeMutableBufferPointer { texels in
                for index in 0..<(width * height) {
                    texels[4 * index + 3] = Self.storedSpread((held[3 * index], held[3 * index + 1], held[3 * index + 2]))
                }
            }
        }
    }
}

/// Where `UnitNormalMeans.averaging` reads the vectors it averages: read-only memory the bands
/// of `concurrentPerform` share.
private protocol NormalSource: Sendable {
    func vector(_ index: Int) -> (Float, Float, Float)
}

/// Level 0's stored normals (RGBA bytes), normalized.
private struct StoredNormals: NormalSource, @unchecked Sendable {
    let texels: UnsafePointer<UInt8>

    func vector(_ index: Int) -> (Float, Float, Float) {
        let t = texels + 4 * index
        let x = Float(t[0]) / 127.5 - 1, y = Float(t[1]) / 127.5 - 1, z = Float(t[2]) / 127.5 - 1
        let squared = x * x + y * y + z * z
        guard squared > 0 else { return (0, 0, 0) }
        let inverse = 1 / squared.squareRoot()
        return (x * inverse, y * inverse, z * inverse)
    }
}

/// A level's means as `UnitNormalMeans` holds them.
private struct HeldMeans: NormalSource, @unchecked Sendable {
    let values: UnsafePointer<Float>

    func vector(_ index: Int) -> (Float, Float, Float) { (values[3 * index], values[3 * index + 1], values[3 * index + 2]) }
}
