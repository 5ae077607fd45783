import SproutMath
import SproutScene
import SproutSession

/// The focus square (P18/P20 `FocusSquare`): where an object would be placed. Eight segments and
/// a fill in a unit square, open while searching on estimated planes, closed on a plane anchor
/// (with a flash the first time each anchor is visited), averaged over the last 10 positions,
/// scaled by distance, turned by the camera's yaw and tilt, drawn on top of everything.
/// Animations run on `advance(by:)`, the injected clock.
public final class FocusSquare {
    /// P20 `FocusSquare.State`: initializing (no hit yet), or detecting at a raycast result.
    public enum State {
        case initializing
        case detecting(RaycastResult, camera: DeviceCamera)
    }

    // P20 FocusSquare.swift L26-43 and FocusSquareSegment.swift L53-59.
    /// Side of the open square, metres (spec 1.1); the closed square is `size * scaleForClosedSquare`.
    public static let size: Float = 0.17
    /// Thickness of a segment, in unit-square units (a fraction of the side).
    public static let thickness: Float = 0.018
    /// The closed square's side as a fraction of `size`: 0.17 x 0.97 = 0.1649 m.
    public static let scaleForClosedSquare: Float = 0.97
    /// Base duration of the open and close animations, seconds: opening takes a quarter of it,
    /// closing a half then a quarter, the close bounce all of it.
    public static let animationDuration = 0.7
    /// sRGB.
    public static let primaryColor = Vec3(1, 0.8, 0)
    /// Colour of the fill that flashes on a plane anchor's first visit, sRGB.
    public static let fillColor = Vec3(1, 0.9254901961, 0.4117647059)
    /// Long side of a closed segment, in unit-square units.
    public static let segmentLength: Float = 0.5
    /// Long side of an open segment, in unit-square units.
    public static let segmentOpenLength: Float = 0.2
    /// P18 L219-303: tilt thresholds of the yaw blend (58.5 and 67.5 degrees).
    public static let tiltThresholds: (Float, Float) = (.pi / 2 * 0.65, .pi / 2 * 0.75)
    /// The billboard floats this far ahead of the camera while initializing.
    public static let billboardDistance: Float = 0.8

    /// The drawable: root (position, orientation, distance scale) > positioning (square scale).
    public let entity = Entity(name: "focus square")
    let positioning = Entity(name: "focus square positioning")
    let segments: [FocusSquareSegment]
    let fill: Entity

    /// The state last given to `setState(_:camera:)`; `.initializing` at first.
    public private(set) var state: State = .initializing
    /// Whether the square is open (searching, not on a plane anchor); set when the open animation
    /// starts and cleared when the close animation starts.
    public private(set) var isOpen = false
    /// True while an open or close animation runs; open and close requests made meanwhile are dropped, not queued.
    public private(set) var isAnimating = false
    /// True during the 0.5 s turn to a new orientation; alignment updates are ignored meanwhile.
    public private(set) var isChangingAlignment = false
    /// The plane alignment the square has adopted (spec 1.3's hysteresis); nil until one is accepted.
    public private(set) var currentAlignment: PlaneAlignment?
    /// Where the square was last put by a detection (P17 `lastPosition`).
    public private(set) var lastPosition: Vec3?
    /// The last 10 detected world positions, whose mean is the square's position; never cleared.
    public private(set) var recentPositions: [Vec3] = []
    /// Alignments of the last 20 results since the current alignment was adopted: horizontal is
    /// accepted after more than 15 of them, vertical after more than 10, either at once on a plane anchor.
    public private(set) var recentAlignments: [PlaneAlignment] = []
    /// The plane anchors the square has closed on; the fill flashes only on the first visit to each.
    public private(set) var anchorsOfVisitedPlanes: Set<AnchorIdentifier> = []
    /// The root's opacity (fades on hide/unhide; 0 at start, L104).
    public private(set) var opacity: Float = 0
    /// Opacity of the segments and fill, multiplied by `opacity`: 1, pulsing between 1 and 0.4 while open.
    public private(set) var positioningOpacity: Float = 1
    /// Opacity of the fill, multiplied by the square's: 0 except during the flash, which peaks at 0.25.
    public private(set) var fillOpacity: Float = 0
    /// Whether it is drawn on top (true after `unhide`, false after `hide`).
    public private(set) var isDisplayedOnTop = true
    /// 0 = closed segments, 1 = open.
    public private(set) var openness: Float = 0
    private var orientation = Quaternion.identity
    private var distanceScale: Float = 1
    private var flashSaturation: Float?
    private let timeline = Timeline()

    /// A square in the `.initializing` state, closed and invisible (`opacity` 0) until `unhide()` or
    /// the first `setState(_:camera:)`; add `entity` to the scene to draw it.
    public init() {
        segments = FocusSquareSegment.Corner.allCases.map { FocusSquareSegment(corner: $0) }
        let fillSide = 1 - 2 * Self.thickness + Self.thickness / 2   // L390-407: 0.973
        fill = Entity(
            name: "focus square fill",
            model: ModelComponent(
                mesh: MeshFactory.plane(width: fillSide, depth: fillSide, name: "focus square fill"),
                material: Self.material(Self.fillColor, alpha: 0)))
        for s in segments { positioning.addChild(s.entity) }
        positioning.addChild(fill)
        positioning.transform.scale = Vec3(repeating: Self.size * Self.scaleForClosedSquare)
        entity.addChild(positioning)
        applyAppearance()
    }

    /// What the square shows: floating while initializing, else open or closed.
    public var look: FocusSquareLook {
        if case .initializing = state { return .initializing }
        return isOpen ? .open : .closed
    }

    /// `"initializing"`, `"open"` or `"closed"`, the form traces and expectations use.
    public var stateDescription: String { look.rawValue }

    /// True in the `.initializing` state (no hit yet: the square floats ahead of the camera).
    public var isInitializing: Bool { if case .initializing = state { return true } else { return false } }

    /// The distance scale applied to the root (P20 `scaleBasedOnDistance`).
    public var scale: Float { distanceScale }
    /// The square's side in metres now.
    public var positioningScale: Float { positioning.transform.scale.x }

    // MARK: State

    /// Sets the state (every frame: each frame's result is a new value, spec section 1.2).
    public func setState(_ newState: State, camera: DeviceCamera) {
        state = newState
        switch newState {
        case .initializing:
            displayAsBillboard(camera: camera)
        case .detecting(let result, let camera):
            if let plane = result.anchor {
                performCloseAnimation(flash: !anchorsOfVisitedPlanes.contains(plane.identifier))
                anchorsOfVisitedPlanes.insert(plane.identifier)
            } else {
                performOpenAnimation()
            }
            setPosition(with: result, camera: camera)
        }
        applyTransform(camera: camera)
    }

    private func displayAsBillboard(camera: DeviceCamera) {
        orientation = .identity
        distanceScale = 1
        unhide()
        performOpenAnimation()
    }

    /// P20 L199-274: mean of the last 10 positions, scale by distance, orientation by tilt.
    private func setPosition(with result: RaycastResult, camera: DeviceCamera) {
        recentPositions.append(result.position)
        if recentPositions.count > 10 { recentPositions.removeFirst(recentPositions.count - 10) }
        let average = recentPositions.reduce(Vec3.zero, +) / Float(recentPositions.count)
        lastPosition = average
        distanceScale = Self.scale(forDistance: distance(average, camera.position))

        let (t1, t2) = Self.tiltThresholds
        let euler = camera.eulerAngles
        let tilt = abs(euler.x)
        let c = camera.transform
        let yaw = atan2(c.columns.0.x, c.columns.1.x)
        let angle: Float
        if tilt < t1 {
            angle = euler.y
        } else if tilt < t2 {
            let r = abs((tilt - t1) / (t2 - t1))
            angle = Self.normalize(euler.y, forMinimalRotationTo: yaw) * (1 - r) + yaw * r
        } else {
            angle = yaw
        }
        updateAlignment(for: result, yRotationAngle: angle)
    }

    /// `d / 0.7` below 0.7 m, `0.25 d + 0.825` beyond (continuous at 0.7 m).
    public static func scale(forDistance d: Float) -> Float { d < 0.7 ? d / 0.7 : 0.25 * d + 0.825 }

    /// P18 `normalize(_:forMinimalRotationTo:)`: add or subtract quarter turns until within 45 degrees.
    public static func normalize(_ angle: Float, forMinimalRotationTo ref: Float) -> Float {
        var a = angle
        while abs(a - ref) > .pi / 4 { a += a > ref ? -.pi / 2 : .pi / 2 }
        return a
    }

    /// P18 `updateAlignment(for:yRotationAngle:)`: alignment hysteresis over the last 20 results.
    private func updateAlignment(for result: RaycastResult, yRotationAngle angle: Float) {
        guard !isChangingAlignment else { return }
        let alignment = result.anchor?.alignment ?? result.alignment
        recentAlignments.append(alignment)
        if recentAlignments.count > 20 { recentAlignments.removeFirst(recentAlignments.count - 20) }
        let horizontal = recentAlignments.filter { $0 == .horizontal }.count
        let vertical = recentAlignments.filter { $0 == .vertical }.count
        guard alignment == .horizontal && horizontal > 15 || alignment == .vertical && vertical > 10 || result.anchor != nil else { return }
        var animate = false
        if alignment != currentAlignment {
            animate = true
            currentAlignment = alignment
            recentAlignments.removeAll()
        }
        var target = Quaternion(angle: angle, axis: .unitY)
        if alignment == .vertical {
            target = Transform(matrix: result.worldTransform).rotation
            animate = true
        }
        if animate {
            isChangingAlignment = true
            let start = orientation
            timeline.run(
                "alignment", duration: 0.5, timing: .easeInEaseOut,
                update: { [unowned self] p in
                    orientation = Quaternion.slerp(start, target, t: p)
                }, completion: { [unowned self] in isChangingAlignment = false })
        } else {
            orientation = target
        }
    }

    // MARK: Visibility

    /// P20 L161-174: fade out over 0.5 s and stop drawing on top.
    public func hide() {
        guard !timeline.isRunning("hide") else { return }
        isDisplayedOnTop = false
        timeline.remove("unhide")
        let start = opacity
        timeline.run("hide", duration: 0.5, update: { [unowned self] p in opacity = start * (1 - p) })
    }

    /// Fade in over 0.5 s, drawn on top.
    public func unhide() {
        guard !timeline.isRunning("unhide") else { return }
        isDisplayedOnTop = true
        timeline.remove("hide")
        let start = opacity
        timeline.run("unhide", duration: 0.5, update: { [unowned self] p in opacity = start + (1 - start) * p })
    }

    // MARK: Animations (P20 L278-347)

    func performOpenAnimation() {
        guard !isOpen, !isAnimating else { return }
        isOpen = true
        isAnimating = true
        let d = Self.animationDuration / 4   // 0.175 s
        let (o0, p0, s0) = (positioningOpacity, openness, positioning.transform.scale.x)
        timeline.run(
            "open", duration: d, timing: .easeOut,
            update: { [unowned self] p in
                positioningOpacity = o0 + (1 - o0) * p
                openness = p0 + (1 - p0) * p
            },
            completion: { [unowned self] in
                pulse()
                isAnimating = false
            })
        timeline.run(
            "openScale", duration: d, timing: .easeOut,
            update: { [unowned self] p in
                positioning.transform.scale = Vec3(repeating: s0 + (Self.size - s0) * p)
            })
    }

    /// Opacity 1 -> 0.4 -> 1, 0.5 s each way, for ever (until closed).
    private func pulse() {
        let start = positioningOpacity
        timeline.run(
            "pulse", duration: 0.5, timing: .easeInEaseOut,
            update: { [unowned self] p in
                positioningOpacity = start + (0.4 - start) * p
            },
            completion: { [unowned self] in
                timeline.run(
                    "pulse", duration: 0.5, timing: .easeInEaseOut,
                    update: { [unowned self] p in
                        positioningOpacity = 0.4 + 0.6 * p
                    }, completion: { [unowned self] in pulse() })
            })
    }

    func performCloseAnimation(flash: Bool) {
        guard isOpen, !isAnimating else { return }
        isOpen = false
        isAnimating = true
        timeline.remove("pulse")
        positioningOpacity = 1
        timeline.run(
            "close", duration: Self.animationDuration / 2, timing: .easeOut,
            update: { [unowned self] p in
                positioningOpacity = 1 - 0.01 * p
            },
            completion: { [unowned self] in
                let o0 = openness
                timeline.run(
                    "close", duration: Self.animationDuration / 4, timing: .easeOut,
                    update: { [unowned self] p in
                        openness = o0 * (1 - p)
                    }, completion: { [unowned self] in isAnimating = false })
            })
        // The bounce: keyframes on the scale over 0.7 s. Whether SceneKit keeps the last value is
        // not in the source (spec 1.4); the closed size 0.1649 is kept here.
        timeline.run(
            "bounce", duration: Self.animationDuration,
            update: { [unowned self] p in
                positioning.transform.scale = Vec3(repeating: Self.bounceScale(at: p))
            })
        if flash {
            let wait = Self.animationDuration * 0.75   // 0.525 s
            let step = Self.animationDuration / 8   // 0.0875 s
            timeline.run(
                "flashFill", delay: wait, duration: 2 * step,
                update: { [unowned self] p in
                    fillOpacity = p < 0.5 ? 0.25 * (p * 2) : 0.25 * (1 - (p - 0.5) * 2)
                })
            timeline.run(
                "flashSegments", delay: wait, duration: Self.animationDuration / 4,
                update: { [unowned self] p in
                    flashSaturation = p < 1 ? 2.8 * (p - 0.5) * (p - 0.5) + 0.3 : nil
                })
        }
    }

    /// P20 `scaleAnimation`: [0.17, 0.1955, 0.1955, 0.159953, 0.1649] at [0, .25, .5, .75, 1],
    /// eased per interval by [easeOut, linear, easeOut, easeInEaseOut].
    static func bounceScale(at progress: Float) -> Float {
        let s = size, c = size * scaleForClosedSquare
        let values: [Float] = [s, s * 1.15, s * 1.15, c * 0.97, c]
        let timings: [TimingFunction] = [.easeOut, .linear, .easeOut, .easeInEaseOut]
        let p = min(max(progress, 0), 1)
        let i = min(Int(p * 4), 3)
        let local = Float(timings[i].progress(Double(p * 4 - Float(i))))
        return values[i] + (values[i + 1] - values[i]) * local
    }

    // MARK: Clock and drawing

    /// Runs the animations by `dt` seconds and updates what is drawn: `beginFrame(at:)` and
    /// `advance()` for a square on its own.
    public func advance(by dt: Double) {
        timeline.advance(by: dt)
        applyAppearance()
    }

    /// Moves the square's clock to a frame's `time` before anything of the frame happens:
    /// animations begun in the frame start at that time.
    public func beginFrame(at time: Double) { timeline.begin(at: time) }

    /// Evaluates the animations at the frame's time and updates what is drawn.
    public func advance() {
        timeline.evaluate()
        applyAppearance()
    }

    private func applyTransform(camera: DeviceCamera) {
        if isInitializing {
            let local = Matrix4.translation(Vec3(0, 0, -Self.billboardDistance)) * Matrix4.rotationX(.pi / 2)
            var t = Transform(matrix: camera.transform * local)
            t.scale = .one
            entity.transform = t
        } else if let position = lastPosition {
            entity.transform = Transform(translation: position, rotation: orientation, scale: Vec3(repeating: distanceScale))
        }
    }

    private func applyAppearance() {
        for s in segments { s.apply(openness: openness) }
        let alpha = opacity * positioningOpacity
        let color = flashSaturation.map { Self.hsb(hue: 0.1333, saturation: $0, brightness: 1) } ?? Self.primaryColor
        for s in segments { s.entity.model?.parts[0].material = Self.material(color, alpha: alpha, onTop: isDisplayedOnTop) }
        fill.model?.parts[0].material = Self.material(Self.fillColor, alpha: alpha * fillOpacity, onTop: isDisplayedOnTop)
        fill.isEnabled = alpha * fillOpacity > 0
        entity.isEnabled = opacity > 0
    }

    /// Unlit, double-sided (Segment L78-83), colour in sRGB.
    static func material(_ sRGB: Vec3, alpha: Float, onTop: Bool = true) -> Material {
        var m = Material(
            name: "focus square", baseColor: Vec4(linearFromSRGB(sRGB.x), linearFromSRGB(sRGB.y), linearFromSRGB(sRGB.z), alpha),
            isDoubleSided: true, isUnlit: true, blending: .transparent, castsShadow: false)
        m.drawsOnTop = onTop
        return m
    }

    static func hsb(hue: Float, saturation: Float, brightness: Float) -> Vec3 {
        let h = (hue - hue.rounded(.down)) * 6, i = Int(h), f = h - Float(i)
        let p = brightness * (1 - saturation), q = brightness * (1 - saturation * f), t = brightness * (1 - saturation * (1 - f))
        switch i % 6 {
        case 0: return Vec3(brightness, t, p)
        case 1: return Vec3(q, brightness, p)
        case 2: return Vec3(p, brightness, t)
        case 3: return Vec3(p, q, brightness)
        case 4: return Vec3(t, p, brightness)
        default: return Vec3(brightness, p, q)
        }
    }
}

/// What the focus square shows, as traces and `expect: { focusSquare: }` name it.
public enum FocusSquareLook: String, Sendable, CaseIterable {
    /// No surface yet: floating ahead of the camera.
    case initializing
    /// On an estimated surface: the segments apart.
    case open
    /// On a plane anchor: the segments together.
    case closed
}
