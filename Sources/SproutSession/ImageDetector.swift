import SproutMath
import SproutScene

/// Recognises reference images and App Clip Codes when they are seen large and square-on
/// enough, and keeps their anchors current. Not from any source (ARKit does not publish its
/// limits): each threshold is named once here with why its value is plausible.
struct ImageDetector {
    /// An image must span 60 points (about 5 % of a 1280-point-wide view) to be recognised...
    static let recognitionWidth: Float = 60
    /// ...be seen within 60 degrees of square-on...
    static let recognitionAngle: Float = radians(fromDegrees: 60)
    /// ...for this long (a few frames of agreement, as a detector needs).
    static let recognitionTime = 0.25
    /// A recognised image stays tracked down to half that size and up to 75 degrees.
    static let trackingWidth: Float = 30
    static let trackingAngle: Float = radians(fromDegrees: 75)

    /// A code is noticed at 20 points across and within 75 degrees (its rings are distinctive)...
    static let codeDetectionDiameter: Float = 20
    static let codeDetectionAngle: Float = radians(fromDegrees: 75)
    /// ...and decoded once seen at 30 points and within 50 degrees for half a second...
    static let codeDecodingDiameter: Float = 30
    static let codeDecodingAngle: Float = radians(fromDegrees: 50)
    static let codeDecodingTime = 0.5
    /// ...or reported `failed` when that has not happened 2 s after it was noticed (seed 000:
    /// decoding fails when the code is seen too small or too obliquely).
    static let codeDecodingTimeout = 2.0

    struct ImageTrack {
        var seenFor = 0.0
        var anchor: ImageAnchor?
    }

    struct CodeTrack {
        var anchor: CodeAnchor?
        var decodingFor = 0.0
        var sinceNoticed = 0.0
    }

    /// Indexed like the stage's images.
    private(set) var images: [ImageTrack] = []
    private(set) var codes: [CodeTrack] = []

    mutating func reset(imageCount: Int) {
        images = Array(repeating: ImageTrack(), count: imageCount)
        codes = Array(repeating: CodeTrack(), count: imageCount)
    }

    var anchors: [Anchor] { images.compactMap(\.anchor) + codes.compactMap(\.anchor) }

    /// How a flat target looks from the device: projected size in points and viewing angle.
    struct Appearance {
        var size: Float
        var angle: Float
        var isVisible: Bool
    }

    mutating func update(
        deltaTime dt: Double, stage: Stage, device: DeviceCamera, configuration: SessionConfiguration,
        isTracking: Bool, issue: () -> AnchorIdentifier, emit: (SessionEvent) -> Void
    ) {
        if images.count != stage.images.count { reset(imageCount: stage.images.count) }
        let mapping = device.mapping
        let focal = device.focalLengthInPoints
        for (i, image) in stage.images.enumerated() {
            if let reference = configuration.detectionImages.first(where: { $0.name == image.name }) {
                let look = appearance(
                    of: image.frame.center, width: image.physicalSize.x, frame: image.frame,
                    stage: stage, device: device, mapping: mapping, focal: focal)
                updateImage(i, image: image, reference: reference, look: look, dt: dt, isTracking: isTracking, issue: issue, emit: emit)
            }
            if configuration.isCodeTrackingEnabled, let code = image.code {
                let center = image.frame.world(code.offset, height: 0)
                let look = appearance(
                    of: center, width: code.diameter, frame: image.frame,
                    stage: stage, device: device, mapping: mapping, focal: focal)
                updateCode(i, code: code, center: center, frame: image.frame, look: look, dt: dt, isTracking: isTracking, issue: issue, emit: emit)
            }
        }
    }

    private mutating func updateImage(
        _ i: Int, image: StageImage, reference: ReferenceImage, look: Appearance, dt: Double,
        isTracking: Bool, issue: () -> AnchorIdentifier, emit: (SessionEvent) -> Void
    ) {
        if let anchor = images[i].anchor {
            let tracked = isTracking && look.isVisible && look.size >= Self.trackingWidth && look.angle <= Self.trackingAngle
            // A tracked picture that moved is followed; one out of sight keeps its last pose.
            let moved = tracked && anchor.transform != image.frame.transform
            if moved { anchor.transform = image.frame.transform }
            if tracked != anchor.isTracked || moved {
                anchor.isTracked = tracked
                emit(.updated(anchor))
            }
            return
        }
        let recognisable = isTracking && look.isVisible && look.size >= Self.recognitionWidth && look.angle <= Self.recognitionAngle
        images[i].seenFor = recognisable ? images[i].seenFor + dt : 0
        guard hasReached(images[i].seenFor, Self.recognitionTime) else { return }
        let aspect = image.physicalSize.y / image.physicalSize.x
        let anchor = ImageAnchor(
            identifier: issue(), referenceImage: reference,
            physicalSize: Vec2(reference.physicalWidth, reference.physicalWidth * aspect),
            transform: image.frame.transform)
        images[i].anchor = anchor
        emit(.added(anchor))
    }

    private mutating func updateCode(
        _ i: Int, code: StageCode, center: Vec3, frame: SurfaceFrame, look: Appearance, dt: Double,
        isTracking: Bool, issue: () -> AnchorIdentifier, emit: (SessionEvent) -> Void
    ) {
        let noticed = isTracking && look.isVisible && look.size >= Self.codeDetectionDiameter && look.angle <= Self.codeDetectionAngle
        // The code's pose: its picture's orientation, at the code's centre.
        var pose = frame.transform
        pose.columns.3 = Vec4(center, 1)
        guard let anchor = codes[i].anchor else {
            guard noticed else { return }
            let anchor = CodeAnchor(identifier: issue(), radius: code.diameter / 2, transform: pose)
            codes[i].anchor = anchor
            emit(.added(anchor))
            return
        }
        var changed = false
        if noticed != anchor.isTracked {
            anchor.isTracked = noticed
            changed = true
        }
        if noticed, anchor.transform != pose {   // a code on a moving picture is followed while seen
            anchor.transform = pose
            changed = true
        }
        if anchor.urlDecodingState == .decoding {
            codes[i].sinceNoticed += dt
            let readable = noticed && look.size >= Self.codeDecodingDiameter && look.angle <= Self.codeDecodingAngle
            if readable { codes[i].decodingFor += dt }
            if hasReached(codes[i].decodingFor, Self.codeDecodingTime) {
                anchor.urlDecodingState = .decoded(code.url)
                changed = true
            } else if hasReached(codes[i].sinceNoticed, Self.codeDecodingTimeout) {
                anchor.urlDecodingState = .failed
                changed = true
            }
        }
        if changed { emit(.updated(anchor)) }
    }

    /// Projected size of a target of physical `width` at `center` on `frame`, the angle between
    /// its normal and the direction to the device, and whether it is on screen, in front and
    /// not hidden behind a surface.
    private func appearance(
        of center: Vec3, width: Float, frame: SurfaceFrame, stage: Stage, device: DeviceCamera,
        mapping: ProjectionMapping, focal: Float
    ) -> Appearance {
        let toDevice = device.position - center
        let dist = length(toDevice)
        guard dist > 1e-4 else { return Appearance(size: 0, angle: .pi, isVisible: false) }
        let angle = acos(min(max(dot(toDevice / dist, frame.normal), -1), 1))
        guard let point = mapping.project(center),
            point.x >= 0, point.x <= device.viewport.width, point.y >= 0, point.y <= device.viewport.height
        else {
            return Appearance(size: 0, angle: angle, isVisible: false)
        }
        // Depth along the view axis gives the on-screen scale; foreshortening is in `angle`.
        let depth = dot(center - device.position, device.forward)
        let size = depth > 0 ? width * focal / depth : 0
        // Hidden when a surface lies in front by more than 1 cm (the image lies on one).
        let direction = -toDevice / dist
        let blocked = stage.nearestHit(origin: device.position, direction: direction, maximum: dist - 0.01) != nil
        return Appearance(size: size, angle: angle, isVisible: !blocked)
    }
}
