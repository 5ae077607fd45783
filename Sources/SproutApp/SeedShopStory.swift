import SproutMath
import SproutSeedShop
import SproutWorld

/// The offscreen `sprout open` demo: the device follows `PacketApproach` and five frames are
/// taken at the sample's moments instead of at even times: scanning ("Scan code to start"),
/// the code read, the packet in view ("View the seed packet." when the sample shows it), the
/// plant growing, and the grown plant from a step back.
public final class SeedShopStory {
    /// The moments, in order, as frames are named in the summary.
    public static let moments = ["scanning", "code read", "packet in view", "growing", "grown"]
    /// The longest the story runs, seconds (the plant normally grows by about 8 s).
    public static let maximumDuration = 15.0

    /// The world the story runs in; it needs a Seed Shop (`world.seedShop`) for frames to be due.
    public let world: World
    /// The device's path from where it is when the story is made to the packet and back.
    public let path: PacketApproach
    /// Seconds each step simulates.
    public let deltaTime: Double
    /// When the plant appeared (the step back starts then).
    public private(set) var grownAt: Double?
    /// The moments taken so far.
    public private(set) var taken: [String] = []

    /// A story in `world` whose device leans over the seed packet at `packet` (stage coordinates,
    /// metres), starting from the device's pose now.
    public init(world: World, packet: Vec3, deltaTime: Double = 1.0 / 60) {
        self.world = world
        path = PacketApproach(start: world.session.device.transform, packet: packet)
        self.deltaTime = deltaTime
    }

    /// Steps the tour runs: until the plant has grown and the device has stepped back, at most `maximumDuration`.
    public var steps: Int { Int(Self.maximumDuration / deltaTime) }

    /// Moves the device for `step` (before the frame's update).
    public func beforeStep(_ step: Int) {
        world.session.device.transform = path.pose(at: Double(step) * deltaTime, retreatStart: grownAt)
    }

    /// Whether `step` (after its update) is the next moment's frame.
    public func isDue(_ step: Int) -> Bool {
        guard let flow = world.seedShop, taken.count < Self.moments.count else { return false }
        let t = Double(step) * deltaTime
        if grownAt == nil, !flow.presented.isEmpty { grownAt = t }
        let due: Bool
        switch taken.count {
        case 0: due = t >= 0.4 && flow.isCoachingVisible
        case 1: due = !flow.decodedURLs.isEmpty
        case 2: due = (flow.isCoachingVisible && flow.coachingText == SeedShopFlow.viewPacketText) || grownAt != nil
        case 3: due = grownAt.map { t >= $0 + 1.2 } ?? false
        default: due = grownAt.map { t >= $0 + PacketApproach.retreatDuration + 0.6 } ?? (step >= steps)
        }
        if due { taken.append(Self.moments[taken.count]) }
        return due
    }

    /// An `OffscreenTour` of this story writing the first `frames` moments into `folder`.
    public func tour(folder: String, frames: Int = SeedShopStory.moments.count) -> OffscreenTour {
        var tour = OffscreenTour(steps: steps, deltaTime: deltaTime, frames: min(max(1, frames), Self.moments.count), folder: folder)
        tour.isDue = { [unowned self] step in isDue(step) }
        return tour
    }
}
