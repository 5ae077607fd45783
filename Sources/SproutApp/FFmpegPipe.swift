#if canImport(Glibc)
import Glibc
#endif

/// Streams RGBA frames to ffmpeg (Debian's `ffmpeg` package) for an H.264 MP4.
public final class FFmpegPipe {
    private let pipe: UnsafeMutablePointer<FILE>
    private let frameBytes: Int

    /// Starts ffmpeg writing `path`; fails when /usr/bin/ffmpeg is missing.
    /// - Parameter outputWidth: scale the video to this width (height kept in proportion); nil keeps the frames' size.
    public init(path: String, width: Int, height: Int, fps: Int, outputWidth: Int? = nil) throws {
        guard access("/usr/bin/ffmpeg", X_OK) == 0 else {
            throw AppError("--video \(path): ffmpeg is not installed (apt-get install ffmpeg), or write a .gif instead")
        }
        // Single quotes around the path; a quote inside it is closed, escaped and reopened.
        let quoted = "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        let command =
            "/usr/bin/ffmpeg -loglevel error -y -f rawvideo -pix_fmt rgba -s \(width)x\(height) -r \(fps) -i - "
            + "-pix_fmt yuv420p -vf '\(outputWidth.map { "scale=\($0):-2," } ?? "")pad=ceil(iw/2)*2:ceil(ih/2)*2' \(quoted)"
        guard let p = popen(command, "w") else { throw AppError("--video \(path): cannot start ffmpeg") }
        pipe = p
        frameBytes = width * height * 4
    }

    /// One frame, RGBA rows top first.
    public func add(_ pixels: [UInt8]) throws {
        let written = pixels.withUnsafeBytes { fwrite($0.baseAddress, 1, frameBytes, pipe) }
        guard written == frameBytes else { throw AppError("ffmpeg stopped reading frames") }
    }

    /// Closes the stream and waits for ffmpeg to finish the file.
    public func finish() throws {
        let status = pclose(pipe)
        guard status == 0 else { throw AppError("ffmpeg failed (status \(status))") }
    }
}
