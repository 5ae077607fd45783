/// Coverage maps for alpha-cut (glTF MASK) materials.
///
/// A MASK surface keeps a point where its alpha reaches the cutoff and drops it elsewhere, so
/// what a pixel far from the surface should show is the share of the texels under it that the
/// cut keeps, coloured by those texels alone (a path tracer's average over the pixel). Mipmaps
/// of the alpha itself say something else: a region of alpha 0.5 under a cutoff of 0.25 is
/// wholly kept, yet averages to 0.5; ten kept texels beside six cut ones average to the cut
/// ones' colour in part. A coverage map's levels below the first are made from the image with
/// its alpha cut (`keepingCut`) and halved weighted by alpha (`halved(sRGB:weightedByAlpha:)`),
/// so each holds the kept share and its colour; the renderer keeps the image itself as level 0
/// for magnified edges (`coverage.glsl`).
extension Image {
    /// The image with each texel's alpha 255 where glTF's MASK keeps it (`alphaFactor` x
    /// alpha / 255 at least `cutoff`: the base colour factor's alpha times the texture's, as the
    /// shader multiplies them) and 0 where it cuts it; colour unchanged.
    public func keepingCut(alphaFactor: Float, cutoff: Float) -> Image {
        // Which of the 256 stored alphas are kept, worked out once as the shader's product.
        let kept = (0..<256).map { Float($0) / 255 * alphaFactor >= cutoff }
        var out = pixels
        out.withUnsafeMutableBufferPointer { texels in
            for i in stride(from: 3, to: texels.count, by: 4) { texels[i] = kept[Int(texels[i])] ? 255 : 0 }
        }
        return Image(width: width, height: height, pixels: out)
    }
}
