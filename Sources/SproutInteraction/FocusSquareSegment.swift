import SproutMath
import SproutScene

/// One of the focus square's eight bars (P20 `FocusSquareSegment`), in the unit square: the
/// horizontal bars are 0.5 x 0.018, the vertical ones 0.018 x 0.5; opening shortens the long
/// side to 0.2 and moves the bar 0.15 outwards along it.
final class FocusSquareSegment {
    enum Corner: CaseIterable {
        case topLeftHorizontal, topRightHorizontal, topLeftVertical, topRightVertical
        case bottomLeftVertical, bottomRightVertical, bottomLeftHorizontal, bottomRightHorizontal
    }

    let corner: Corner
    let entity: Entity
    /// One square shared by the eight bars; each entity scales it.
    static let unitSquare = MeshFactory.plane(width: 1, depth: 1, name: "focus square segment")

    init(corner: Corner) {
        self.corner = corner
        entity = Entity(name: "focus square segment", model: ModelComponent(mesh: Self.unitSquare, material: Material(isUnlit: true)))
        apply(openness: 0)
    }

    var isHorizontal: Bool {
        switch corner {
        case .topLeftHorizontal, .topRightHorizontal, .bottomLeftHorizontal, .bottomRightHorizontal: return true
        default: return false
        }
    }

    /// Closed position (x, y) in the unit square (spec 1.1 table), y towards the viewer.
    var closedPosition: Vec2 {
        let sl = FocusSquare.segmentLength, c = FocusSquare.thickness / 2
        switch corner {
        case .topLeftHorizontal: return Vec2(-(sl / 2 - c), -(sl - c))
        case .topRightHorizontal: return Vec2(sl / 2 - c, -(sl - c))
        case .topLeftVertical: return Vec2(-sl, -sl / 2)
        case .topRightVertical: return Vec2(sl, -sl / 2)
        case .bottomLeftVertical: return Vec2(-sl, sl / 2)
        case .bottomRightVertical: return Vec2(sl, sl / 2)
        case .bottomLeftHorizontal: return Vec2(-(sl / 2 - c), sl - c)
        case .bottomRightHorizontal: return Vec2(sl / 2 - c, sl - c)
        }
    }

    /// Unit direction the bar moves when opening: left/right for horizontal bars, up (y -) or
    /// down (y +) for vertical ones.
    var openDirection: Vec2 {
        switch corner {
        case .topLeftHorizontal, .bottomLeftHorizontal: return Vec2(-1, 0)
        case .topRightHorizontal, .bottomRightHorizontal: return Vec2(1, 0)
        case .topLeftVertical, .topRightVertical: return Vec2(0, -1)
        case .bottomLeftVertical, .bottomRightVertical: return Vec2(0, 1)
        }
    }

    /// Geometry at `openness` (0 closed ... 1 open): long side and position.
    func geometry(openness p: Float) -> (size: Vec2, position: Vec2) {
        let long = FocusSquare.segmentLength + (FocusSquare.segmentOpenLength - FocusSquare.segmentLength) * p
        let offset = (FocusSquare.segmentLength / 2 - FocusSquare.segmentOpenLength / 2) * p   // 0.15 when open
        let size = isHorizontal ? Vec2(long, FocusSquare.thickness) : Vec2(FocusSquare.thickness, long)
        return (size, closedPosition + openDirection * offset)
    }

    func apply(openness: Float) {
        let g = geometry(openness: openness)
        entity.transform = Transform(translation: Vec3(g.position.x, 0, g.position.y), scale: Vec3(g.size.x, 1, g.size.y))
    }
}
