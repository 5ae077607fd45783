internal import COpenGL

/// Hands a frame's draws to the rasteriser in batches, so a dense frame's binned triangles do
/// not all wait in memory at once.
///
/// llvmpipe bins all of a frame's triangles before it draws any, about 150 bytes each: the
/// 620k-triangle garden of `Benchmarks/garden.sh` held 250 MiB at its peak. Handing the work over
/// every 50k triangles, with at most two such batches waiting, brings that to 175 MiB at no
/// cost in time (1.02x, pair by pair, BENCHMARKS.md). And it keeps some 64 KiB a draw however
/// small the draw (its data block for the draw's state): a model of 32,000 one-triangle
/// primitives held 970 MiB, so a batch is handed over every 256 draws too (430 MiB; the garden's
/// 440 draws a frame take the same time). Pictures are unchanged: a flush only starts work
/// already asked for. On a GPU the driver's own queue makes this a no-op in effect.
final class SubmissionPacer {
    let trianglesPerFlush: Int
    let drawsPerFlush: Int
    let flushesInFlight: Int
    /// Batches handed over so far.
    private(set) var flushCount = 0
    private var trianglesSinceFlush = 0
    private var drawsSinceFlush = 0
    private var pending: [GLsync] = []

    init(trianglesPerFlush: Int = 50_000, drawsPerFlush: Int = 256, flushesInFlight: Int = 2) {
        self.trianglesPerFlush = max(1, trianglesPerFlush)
        self.drawsPerFlush = max(1, drawsPerFlush)
        self.flushesInFlight = max(1, flushesInFlight)
    }

    /// Counts a draw and its triangles; past either batch size, flushes, and waits for the oldest batch
    /// when more than `flushesInFlight` are pending.
    func submitted(triangles: Int) {
        trianglesSinceFlush += triangles
        drawsSinceFlush += 1
        guard trianglesSinceFlush >= trianglesPerFlush || drawsSinceFlush >= drawsPerFlush else { return }
        trianglesSinceFlush = 0
        drawsSinceFlush = 0
        flushCount += 1
        guard let fence = glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0) else { return glFlush() }
        glFlush()
        pending.append(fence)
        while pending.count > flushesInFlight {
            let oldest = pending.removeFirst()
            _ = glClientWaitSync(oldest, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), UInt64.max)
            glDeleteSync(oldest)
        }
    }

    /// Forgets the frame's fences (deleting a pending one is allowed; whatever reads the frame
    /// back waits for all of its work anyway).
    func endFrame() {
        pending.forEach { glDeleteSync($0) }
        pending.removeAll(keepingCapacity: true)
        trianglesSinceFlush = 0
        drawsSinceFlush = 0
    }
}
