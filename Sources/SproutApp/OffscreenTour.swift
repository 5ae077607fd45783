import SproutFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A simulated run drawn without a display: `steps` frames of `deltaTime`, of which `frames`
/// evenly spaced ones (the last at the end) are written as PNGs into `folder`. Each step:
/// `beforeStep` (move the device), the frame loop's `advance`, `afterStep` (place, add
/// anchors), then the frame is drawn and written when it is due.
public struct OffscreenTour {
    /// Simulated steps in the tour (at least 1).
    public var steps: Int
    /// Seconds each step simulates.
    public var deltaTime: Double
    /// When set, a frame is written at each step this says (up to `frames`) instead of evenly.
    public var isDue: ((_ step: Int) -> Bool)?
    /// How many frames are written (at least 1).
    public var frames: Int
    /// The folder the PNGs are written into (made when missing).
    public var folder: String
    /// File names in `folder`; `%03d` is the frame's number from 0.
    public var pattern: OutputPattern

    /// A tour of `steps` steps of `deltaTime` seconds writing `frames` frames into `folder`,
    /// named by `pattern`; `steps` and `frames` below 1 count as 1.
    public init(steps: Int, deltaTime: Double = 1.0 / 60, frames: Int, folder: String, pattern: String = "frame-%03d.png") {
        self.steps = max(1, steps)
        self.deltaTime = deltaTime
        self.frames = max(1, frames)
        self.folder = folder
        self.pattern = OutputPattern(template: pattern)
    }

    /// Runs the tour and returns the files written, in order.
    @discardableResult
    public func run(
        _ loop: FrameLoop, on surface: OffscreenSurface,
        beforeStep: (_ step: Int) throws -> Void = { _ in },
        afterStep: (_ step: Int) throws -> Void = { _ in }
    ) throws -> [String] {
        try OutputFile.makeFolder(for: folder + "/frame")
        var written: [String] = []
        for step in 1...steps {
            try beforeStep(step)
            loop.advance(deltaTime: deltaTime)
            try afterStep(step)
            if let isDue {
                guard written.count < frames, isDue(step) else { continue }
            } else {
                guard step * frames / steps > written.count else { continue }
            }
            try loop.draw()
            let path = folder + "/" + pattern.path(frame: written.count)
            try surface.writePNG(to: path)
            written.append(path)
        }
        return written
    }
}
