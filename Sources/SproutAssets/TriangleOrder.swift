internal import CMeshOptimizer
import SproutMath
import SproutScene

/// A model's triangles put in the order a rasteriser that tests depth before shading draws
/// fastest (llvmpipe does, as GPUs do): meshoptimizer's vertex-cache order (its FIFO form, 16
/// entries), then its overdraw order, which puts the clusters that face outwards from the mesh's
/// centre first, so that from most views a mesh's near surfaces come before those they hide
/// (gltfpack does the same). The peers' scene, whose 89,600 leaves are one draw, shaded its
/// covered pixels 1.5 times in the file's order and 1.08 times in this one: 0.81x the time of 200
/// orbiting frames, the pictures byte-identical (BENCHMARKS.md, issue 32).
///
/// Only the order of whole triangles changes, and with it only what the depth test cannot
/// decide: triangles at exactly equal depth. A blended, transmissive or on-top surface keeps the
/// file's order, which its picture depends on (`keepsPicture`). Without meshoptimizer (it is
/// opened on the first model, as for EXT_meshopt_compression) a mesh keeps its order: the
/// picture is the same, only slower to draw.
enum TriangleOrder {
    /// meshoptimizer's default: an overdraw order may cost the vertex cache up to 5 % more misses.
    static let cacheThreshold: Float = 1.05
    /// The FIFO vertex cache the order is made for, in vertices (meshoptimizer's suggestion for it).
    static let vertexCacheSize: UInt32 = 16
    /// Fewer triangles than this cannot hide enough of themselves to be worth the reordering.
    static let minimumTriangles = 64

    /// Whether reordering `mesh`'s triangles leaves every picture of it in `materials` (its own
    /// and its variants') as it was: triangles, opaque or cut, drawn with the depth test.
    static func keepsPicture(_ mesh: Mesh, in materials: [Material]) -> Bool {
        mesh.primitive == .triangles && mesh.triangleCount >= minimumTriangles
            && materials.allSatisfy { $0.blending != .transparent && $0.transmission == 0 && !$0.drawsOnTop }
    }

    /// `mesh` with its triangles reordered, when `keepsPicture` allows and meshoptimizer opens;
    /// else `mesh` itself.
    static func optimized(_ mesh: Mesh, for materials: [Material]) -> Mesh {
        let indices = mesh.indices, vertexCount = mesh.positions.count
        // meshoptimizer asserts on an index past the vertices: such a mesh is left as it is.
        guard keepsPicture(mesh, in: materials), indices.allSatisfy({ Int($0) < vertexCount }), case .success(let api) = MeshoptCodec.api
        else { return mesh }
        // In place (meshoptimizer copies what it reads first), straight from the positions'
        // storage (its stride a `Vec3`'s): no copy of ours beside the new order.
        var ordered = indices
        ordered.withUnsafeMutableBufferPointer { order in
            mesh.positions.withUnsafeBytes { positions in
                api.optimizeVertexCacheFifo(order.baseAddress, order.baseAddress, order.count, vertexCount, vertexCacheSize)
                api.optimizeOverdraw(
                    order.baseAddress, order.baseAddress, order.count, positions.baseAddress?.assumingMemoryBound(to: Float.self), vertexCount,
                    MemoryLayout<Vec3>.stride, cacheThreshold)
            }
        }
        return mesh.withIndices(ordered)
    }
}
