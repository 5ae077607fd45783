import SproutGeo
import SproutInteraction
import SproutMath
import SproutScene
import SproutSession

/// What the trace records of the world at one moment (schema in the README).
public enum TraceState {
    /// The device, anchors, objects, focus square, gestures and message, as a trace's step
    /// record holds them (without its step, line, kind, frame and time).
    public static func capture(_ engine: InteractionEngine) -> [(String, JSONValue)] {
        let session = engine.session
        let device = session.device
        let rotation = Transform(matrix: device.transform).rotation.normalized
        var anchors: [JSONValue] = []
        for anchor in session.anchors {
            var pairs: [(String, JSONValue)] = [("kind", .string(kind(of: anchor))), ("id", .number(Double(anchor.identifier.rawValue))),
                                                ("name", .string(anchor.name)), ("transform", .vector(anchor.transform.flat))]
            if let plane = anchor as? PlaneAnchor {
                pairs += [("alignment", .string(plane.alignment.rawValue)), ("center", vector(plane.center)), ("extent", .vector([plane.extent.x, plane.extent.z]))]
            } else if let image = anchor as? ImageAnchor {
                pairs += [("tracked", .bool(image.isTracked))]
            } else if let code = anchor as? CodeAnchor {
                pairs += [("url", .string(code.urlDecodingState.description))]
            }
            anchors.append(.object(pairs))
        }
        let objects: [JSONValue] = engine.objects.map { o in
            // The clip playing and its time, only while one plays (traces of still models stay as they were).
            let animation: [(String, JSONValue)] = o.animatedEntity.flatMap { engine.scene.animationPlayer(of: $0) }.flatMap { p in
                p.clip.map { [("animation", .object([("clip", .string($0.name)), ("time", .number(p.time)), ("speed", .number(p.speed)),
                                                     ("loop", .bool(p.isLooping)), ("paused", .bool(p.isPaused))]))] }
            } ?? []
            return .object([("name", .string(o.name)), ("position", vector(o.worldPosition)),
                            ("presentedPosition", vector(o.presentedWorldMatrix.translation)),
                            ("rotationY", .number(Double(degrees(fromRadians: o.objectRotation)))),
                            ("yaw", .number(Double(degrees(fromRadians: o.worldYaw)))), ("scale", vector(o.worldScale)),
                            ("anchor", o.anchor.map { .number(Double($0.identifier.rawValue)) } ?? .null),
                            ("parent", .string(o.parent?.name ?? "")),
                            ("alignment", .string(o.currentAlignment.rawValue)),
                            ("allowedAlignments", .array(PlaneAlignment.allCases.filter(o.allowedAlignments.contains).map { .string($0.rawValue) })),
                            ("selected", .bool(engine.selectedObject === o)), ("onPlane", .bool(o.isOnPlane)),
                            ("animating", .bool(engine.scene.isAnimating(o)))] + animation)
        }
        let square = engine.focusSquare
        let focus: JSONValue = .object([("state", .string(square.stateDescription)), ("open", .bool(square.isOpen)),
                                        ("position", vector(square.entity.worldPosition)), ("scale", .number(Double(square.scale))),
                                        ("positioningScale", .number(Double(square.positioningScale))),
                                        ("alignment", square.currentAlignment.map { .string($0.rawValue) } ?? .null),
                                        ("yaw", .number(Double(degrees(fromRadians: Transform(matrix: square.entity.worldMatrix).rotation.yaw)))),
                                        ("opacity", .number(Double(square.opacity * square.positioningOpacity))),
                                        ("segments", .string(square.openness >= 1 ? "open" : square.openness <= 0 ? "closed" : "moving")),
                                        ("billboard", .bool(square.isInitializing)),
                                        ("animating", .bool(square.isAnimating || square.isChangingAlignment)),
                                        ("visible", .bool(square.opacity > 0))])
        let interaction = engine.interaction
        let gestures: JSONValue = .object([("pan", .string(interaction.pan.state.rawValue)), ("rotation", .string(interaction.rotation.state.rawValue)),
                                           ("tracked", interaction.trackedObject.map { .string($0.name) } ?? .null)])
        return [
            ("device", .object([("position", vector(device.position)), ("rotation", .vector([rotation.vector.x, rotation.vector.y, rotation.vector.z, rotation.vector.w]))])),
            ("tracking", .string(session.trackingState.description)),
            ("lightEstimate", session.lightEstimate.map { .object([("ambientIntensity", .number(Double($0.ambientIntensity))),
                                                                  ("ambientColorTemperature", .number(Double($0.ambientColorTemperature)))]) } ?? .null),
            ("lights", .object([("directional", .number(Double(session.lighting.intensity))), ("ambient", .number(Double(session.lighting.ambient)))])),
            ("anchors", .array(anchors)),
            ("objects", .array(objects)),
            ("focusSquare", focus),
            ("message", .object([("text", .string(engine.messages.text)), ("visible", .bool(engine.messages.isShown)),
                                 ("alpha", .number(Double(engine.messages.alpha)))])),
            ("gestures", gestures),
            ("addObjectButton", .bool(engine.isAddObjectButtonVisible)),
            ("restartAvailable", .bool(engine.isRestartAvailable && !engine.loader.isLoading)),
            ("loading", .array(engine.loader.downloads.map { .object([("name", .string($0.name)), ("bytes", .number(Double($0.bytes))),
                                                                     ("progress", .number($0.progress))]) })),
            ("referenceImages", .array((session.configuration?.detectionImages ?? []).map {
                .object([("name", .string($0.name)), ("physicalWidth", .number(Double($0.physicalWidth)))]) })),
        ]
    }

    static func kind(of anchor: Anchor) -> String {
        switch anchor {
        case is PlaneAnchor: return "plane"
        case is ImageAnchor: return "image"
        case is CodeAnchor: return "code"
        case is GeoAnchor: return "geo"
        default: return "object"
        }
    }

    static func vector(_ v: Vec3) -> JSONValue { .vector([v.x, v.y, v.z]) }
}

/// Anchor events gathered over a step or a frame: the ids added, updated and removed, by kind,
/// as the trace's `events` shows them.
struct AnchorEventLog {
    private var added: [(String, Int)] = [], updated: [(String, Int)] = [], removed: [(String, Int)] = []

    mutating func note(_ events: [SessionEvent]) {
        for event in events {
            switch event {
            case .added(let a): added.append((TraceState.kind(of: a), a.identifier.rawValue))
            case .updated(let a):
                // An anchor updated every frame of a step is listed once.
                let entry = (TraceState.kind(of: a), a.identifier.rawValue)
                if !updated.contains(where: { $0 == entry }) { updated.append(entry) }
            case .removed(let a): removed.append((TraceState.kind(of: a), a.identifier.rawValue))
            }
        }
    }

    var json: JSONValue {
        func list(_ entries: [(String, Int)]) -> JSONValue {
            .array(entries.map { .object([("kind", .string($0.0)), ("id", .number(Double($0.1)))]) })
        }
        return .object([("added", list(added)), ("updated", list(updated)), ("removed", list(removed))])
    }
}
