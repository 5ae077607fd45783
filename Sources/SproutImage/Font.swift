@preconcurrency internal import CStb
import SproutMath
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A TrueType font rasterised with stb_truetype: lines of text into coverage, and the sample's
/// status panel (white bold text on black at 50 %, rounded corners) as an RGBA image.
public final class Font {
    /// Debian's fonts-dejavu-core: the bold face, as the sample's panel uses a bold system font.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// A font that cannot be found or read.
    public enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case notAFont(String)
        /// The path and what is wrong, with the package to install for a missing font.
        public var description: String {
            switch self {
            case .unreadable(let path): return "\(path): cannot read the font (install fonts-dejavu-core)"
            case .notAFont(let path): return "\(path): not a TrueType font"
            }
        }
    }

    private let data: [UInt8]
    private var info = stbtt_fontinfo()

    /// Loads the TrueType font at `path` (the first font of a collection). Throws
    /// `Failure.unreadable` when the file cannot be read, `Failure.notAFont` when stb cannot parse it.
    public init(path: String = Font.defaultPath) throws {
        guard let bytes = FileManager.default.contents(atPath: path) else { throw Failure.unreadable(path) }
        data = [UInt8](bytes)
        let ok = data.withUnsafeBufferPointer { stbtt_InitFont(&info, $0.baseAddress, 0) }
        guard ok != 0 else { throw Failure.notAFont(path) }
    }

    /// Coverage (0...255) of `text` at `pixelHeight`, lines split at "\n" and centred.
    public func coverage(_ text: String, pixelHeight: Float) -> (width: Int, height: Int, alpha: [UInt8]) {
        data.withUnsafeBufferPointer { buffer in
            withUnsafeMutablePointer(to: &info) { info in
                // stb keeps a pointer to the font bytes; they live as long as `self`.
                info.pointee.data = UnsafeMutablePointer(mutating: buffer.baseAddress)
                let scale = stbtt_ScaleForPixelHeight(info, pixelHeight)
                var ascent: Int32 = 0, descent: Int32 = 0, gap: Int32 = 0
                stbtt_GetFontVMetrics(info, &ascent, &descent, &gap)
                let lineHeight = Int((Float(ascent - descent + gap) * scale).rounded(.up))
                let baseline = Int((Float(ascent) * scale).rounded())
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
                func advance(_ line: [Unicode.Scalar]) -> Float {
                    var x: Float = 0
                    for (i, c) in line.enumerated() {
                        var adv: Int32 = 0, lsb: Int32 = 0
                        stbtt_GetCodepointHMetrics(info, Int32(c.value), &adv, &lsb)
                        x += Float(adv) * scale
                        if i + 1 < line.count { x += Float(stbtt_GetCodepointKernAdvance(info, Int32(c.value), Int32(line[i + 1].value))) * scale }
                    }
                    return x
                }
                let widths = lines.map(advance)
                let width = max(1, Int((widths.max() ?? 0).rounded(.up)) + 2)
                let height = max(1, lineHeight * lines.count)
                var alpha = [UInt8](repeating: 0, count: width * height)
                for (row, line) in lines.enumerated() {
                    var x = (Float(width) - widths[row]) / 2
                    for (i, c) in line.enumerated() {
                        var x0: Int32 = 0, y0: Int32 = 0, x1: Int32 = 0, y1: Int32 = 0
                        stbtt_GetCodepointBitmapBox(info, Int32(c.value), scale, scale, &x0, &y0, &x1, &y1)
                        let gw = Int(x1 - x0), gh = Int(y1 - y0)
                        if gw > 0 && gh > 0 {
                            var glyph = [UInt8](repeating: 0, count: gw * gh)
                            stbtt_MakeCodepointBitmap(info, &glyph, Int32(gw), Int32(gh), Int32(gw), scale, scale, Int32(c.value))
                            let ox = Int(x.rounded()) + Int(x0), oy = row * lineHeight + baseline + Int(y0)
                            for gy in 0..<gh where oy + gy >= 0 && oy + gy < height {
                                for gx in 0..<gw where ox + gx >= 0 && ox + gx < width {
                                    let d = (oy + gy) * width + ox + gx
                                    alpha[d] = max(alpha[d], glyph[gy * gw + gx])
                                }
                            }
                        }
                        var adv: Int32 = 0, lsb: Int32 = 0
                        stbtt_GetCodepointHMetrics(info, Int32(c.value), &adv, &lsb)
                        x += Float(adv) * scale
                        if i + 1 < line.count { x += Float(stbtt_GetCodepointKernAdvance(info, Int32(c.value), Int32(line[i + 1].value))) * scale }
                    }
                }
                return (width, height, alpha)
            }
        }
    }

    /// A status panel: `text` in white on black at `backgroundAlpha`, with `padding` pixels
    /// around it and rounded corners of `cornerRadius` pixels.
    public func panel(
        _ text: String, pixelHeight: Float, padding: Int, cornerRadius: Float, backgroundAlpha: Float = 0.5,
        minimumWidth: Int = 0
    ) -> Image {
        let glyphs = coverage(text, pixelHeight: pixelHeight)
        let w = max(glyphs.width + 2 * padding, minimumWidth), h = glyphs.height + 2 * padding
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let ox = (w - glyphs.width) / 2
        for y in 0..<h {
            for x in 0..<w {
                // Rounded-rectangle mask with a one-pixel soft edge.
                let dx = max(cornerRadius - (Float(x) + 0.5), (Float(x) + 0.5) - (Float(w) - cornerRadius), 0)
                let dy = max(cornerRadius - (Float(y) + 0.5), (Float(y) + 0.5) - (Float(h) - cornerRadius), 0)
                let inside = min(max(cornerRadius - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                let gx = x - ox, gy = y - padding
                let t = gx >= 0 && gx < glyphs.width && gy >= 0 && gy < glyphs.height ? Float(glyphs.alpha[gy * glyphs.width + gx]) / 255 : 0
                // White text over the translucent black: premultiply, then un-premultiply for RGBA.
                let a = (t + backgroundAlpha * (1 - t)) * inside
                let i = (y * w + x) * 4
                let c = a > 0 ? min(1, t * inside / a) : 0
                pixels[i] = UInt8((c * 255).rounded()); pixels[i + 1] = pixels[i]; pixels[i + 2] = pixels[i]
                pixels[i + 3] = UInt8((a * 255).rounded())
            }
        }
        return Image(width: w, height: h, pixels: pixels)
    }
}
