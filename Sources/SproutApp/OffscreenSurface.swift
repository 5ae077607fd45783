import Foundation
import SproutHeadless
import SproutImage
import SproutMath
import SproutRender

/// A surface with no display: an EGL context (surfaceless, llvmpipe or a GPU) and an
/// offscreen framebuffer, read back as RGBA rows or written as PNG.
public final class OffscreenSurface: Surface {
    /// The framebuffer's width, pixels.
    public let width: Int
    /// The framebuffer's height, pixels.
    public let height: Int
    private let headless: HeadlessContext
    private let target: OffscreenTarget
    private var pixels: [UInt8] = []

    /// - Parameter samples: MSAA samples (0 = off; 2, 4 or 8).
    public init(width: Int, height: Int, samples: Int = 4) throws {
        headless = try HeadlessContext()
        target = try OffscreenTarget(width: width, height: height, samples: samples)
        self.width = width
        self.height = height
    }

    /// Starts making a surface on a thread of its own and returns at once; `StartingSurface.finish`
    /// hands it over. The EGL context's start (about 25 ms on llvmpipe: the driver and LLVM
    /// loaded and set up) then runs while the caller loads its scene, which needs no GL.
    public static func starting(width: Int, height: Int, samples: Int = 4) -> StartingSurface {
        StartingSurface(width: width, height: height, samples: samples)
    }

    /// Makes no context current on this thread (another thread will draw with the surface).
    fileprivate func release() { headless.release() }

    /// The headless EGL context the renderer draws with.
    public var context: GraphicsContext { headless }
    /// The offscreen framebuffer (multisampled when `samples` > 0) frames are drawn into.
    public var renderTarget: RenderTarget { target }
    /// One point per pixel.
    public var viewport: Viewport { Viewport(width: Float(width), height: Float(height)) }
    /// Does nothing: offscreen frames are read back with `readPixels` or `writePNG` instead.
    public func present() {}

    /// The EGL platform the context runs on.
    public var platform: HeadlessContext.Platform { headless.platform }

    /// The last frame drawn, RGBA rows top first. The buffer is reused: copy it to keep it.
    public func readPixels() throws -> [UInt8] {
        try readPixels(into: &pixels)
        return pixels
    }

    /// The last frame drawn into `buffer` (resized to fit), RGBA rows top first: no allocation
    /// once the buffer has the size.
    public func readPixels(into buffer: inout [UInt8]) throws {
        try headless.makeCurrent()
        target.readPixels(into: &buffer)
    }

    /// Writes the last frame drawn as a PNG (atomically: a temporary file renamed into place).
    public func writePNG(to path: String) throws {
        try ImageFile.writePNG(pixels: readPixels(), width: width, height: height, to: path)
    }
}

/// An `OffscreenSurface` being made on a thread of its own (`OffscreenSurface.starting`).
///
/// The thread is joined, not just waited for: `finish` (or the deinit, where `finish` was never
/// called) returns only once the thread has wholly ended, its thread-local destructors (EGL's
/// and Mesa's) run. A program that fails while loading and exits at once would otherwise run
/// the libraries' exit handlers while that thread still tears itself down (a double free, seen
/// once in a loaded test run of `sprout render` refusing a scene).
public final class StartingSurface: @unchecked Sendable {
    private var thread = pthread_t()
    private var joined = false
    // Written by the starting thread before it ends, read only after `join`.
    private var result: Result<OffscreenSurface, Error>?
    private let width: Int, height: Int, samples: Int

    fileprivate init(width: Int, height: Int, samples: Int) {
        (self.width, self.height, self.samples) = (width, height, samples)
        let started = pthread_create(
            &thread, nil,
            { raw in
                let starting = Unmanaged<StartingSurface>.fromOpaque(raw!).takeRetainedValue()
                starting.start()
                return nil
            }, Unmanaged.passRetained(self).toOpaque())
        if started != 0 {   // no thread to be had: make it here, as `OffscreenSurface.init` would
            Unmanaged.passUnretained(self).release()
            joined = true
            start()
        }
    }

    deinit { join() }

    private func start() {
        result = Result {
            let surface = try OffscreenSurface(width: width, height: height, samples: samples)
            surface.release()
            return surface
        }
    }

    private func join() {
        guard !joined else { return }
        joined = true
        // The last reference dropped on the starting thread itself (its caller let go first):
        // nothing to wait for, and a thread cannot join itself.
        if pthread_equal(pthread_self(), thread) != 0 { pthread_detach(thread) } else { pthread_join(thread, nil) }
    }

    /// Waits for the surface's thread to end and makes its context current on this thread;
    /// throws what making it threw.
    public func finish() throws -> OffscreenSurface {
        join()
        guard let result else { preconditionFailure("the surface's thread ended without a result") }
        let surface = try result.get()
        try surface.context.makeCurrent()
        return surface
    }
}
