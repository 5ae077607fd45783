import SproutWindow

/// Where an interactive command draws (`sprout preview`, `open`, `geo`): a window when a display
/// can be opened, else an offscreen surface, so the same command works on a desk and in CI.
public enum SurfaceChoice {
    /// A window on the display.
    case window(WindowSurface)
    /// Offscreen: frames are written as files.
    case offscreen(OffscreenSurface)

    /// A window titled `title`, `width` x `height` pixels, when a display can be opened; else
    /// an offscreen surface of that size with `samples` MSAA, after `say`ing so.
    public static func windowOrOffscreen(
        title: String, width: Int, height: Int, samples: Int = 4,
        say: (String) -> Void = { print($0) }
    ) throws -> SurfaceChoice {
        if Window.isDisplayAvailable, let surface = try? WindowSurface(title: title, width: width, height: height) { return .window(surface) }
        say("No display (DISPLAY is not set or cannot be opened): rendering offscreen instead.")
        return .offscreen(try OffscreenSurface(width: width, height: height, samples: samples))
    }
}
