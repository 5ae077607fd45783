import SproutImage
import SproutInteraction
import SproutMath
import SproutRender
import SproutScene

/// The status panel and the help line as screen overlays, rasterised with a real font and
/// re-rasterised only when their text changes.
public final class StatusOverlay {
    private let font: Font
    private var message: (text: String, texture: Texture)?
    private var help: (text: String, texture: Texture)?
    private var info: (text: String, texture: Texture)?
    /// The sample's panel: bold 16 pt-ish text on black at 50 %, corner radius 12 (scaled to the view).
    public static let margin: Float = 16

    /// Loads the panel font (DejaVu Sans Bold, from fonts-dejavu-core).
    public init() throws { font = try Font() }

    /// A panel showing `text` at `alpha` (none when empty), the help line, and the Seed Shop's
    /// info label (`info`, none when empty: the sample's `OverlayLabel`, centred a quarter of the
    /// view's height below its centre, AC OverlayLabel.swift and Utilities.swift L45-50).
    public func overlays(text: String, alpha: Float = 1, help helpText: String?, info infoText: String = "", viewport: Viewport) -> [ScreenOverlay] {
        var result: [ScreenOverlay] = []
        let scale = max(viewport.height / 720, 0.25)
        let centreX = { (size: Vec2) in (viewport.width - size.x) / 2 }
        if alpha > 0, !text.isEmpty {
            let (t, size) = Self.panel(&message, text, name: "status") {
                font.panel(text, pixelHeight: 22 * scale, padding: Int(14 * scale), cornerRadius: 12 * scale)
            }
            result.append(ScreenOverlay(texture: t, origin: Vec2(centreX(size), Self.margin * scale), size: size, opacity: alpha))
        }
        if !infoText.isEmpty {
            let (t, size) = Self.panel(&info, infoText, name: "info") {
                font.panel(infoText, pixelHeight: 20 * scale, padding: Int(12 * scale), cornerRadius: 12 * scale)
            }
            result.append(ScreenOverlay(texture: t, origin: Vec2(centreX(size), viewport.height * 0.75 - size.y / 2), size: size))
        }
        if let helpText {
            let (t, size) = Self.panel(&help, helpText, name: "help") {
                font.panel(helpText, pixelHeight: 14 * scale, padding: Int(6 * scale), cornerRadius: 6 * scale, backgroundAlpha: 0.4)
            }
            result.append(ScreenOverlay(texture: t, origin: Vec2(centreX(size), viewport.height - size.y - Self.margin * scale / 2), size: size))
        }
        return result
    }

    /// The texture of `text`'s panel and its size, rasterised by `image` only when the text
    /// differs from what `slot` holds.
    private static func panel(
        _ slot: inout (text: String, texture: Texture)?, _ text: String, name: String,
        image: () -> Image
    ) -> (Texture, Vec2) {
        if slot?.text != text { slot = (text, Texture(name: name, image: image(), wrap: .clampToEdge)) }
        let t = slot!.texture
        return (t, Vec2(Float(t.image.width), Float(t.image.height)))
    }
}
