import SproutGeo
import SproutInteraction
import SproutMath
import SproutScene
import SproutSession

/// What the trace records of the world at one moment (schema in the README): a
/// `WorldSnapshot`, encoded in the trace's key order.
public enum TraceState {
    /// The device, anchors, objects, focus square, gestures, message, loading, geotracking and
    /// the Seed Shop, as a trace's step record holds them (without its step, line, kind, frame and time).
    public static func encode(_ s: WorldSnapshot) -> [(String, JSONValue)] {
        let anchors: [JSONValue] = s.anchors.map { a in
            var pairs: [(String, JSONValue)] = [
                ("kind", .string(a.kind)), ("id", .number(Double(a.id))), ("name", .string(a.name)), ("transform", .vector(a.transform))
            ]
            if let plane = a.plane {
                pairs += [
                    ("alignment", .string(plane.alignment.rawValue)), ("center", vector(plane.center)), ("extent", .vector([plane.extent.x, plane.extent.y]))
                ]
            } else if let tracked = a.tracked {
                pairs += [("tracked", .bool(tracked))]
            } else if let url = a.url {
                pairs += [("url", .string(url))]
            }
            return .object(pairs)
        }
        let objects: [JSONValue] = s.objects.map { o in
            // The clip playing and its time, only while one plays (traces of still models stay as they were).
            let animation: [(String, JSONValue)] =
                o.animation.map { p in
                    [
                        (
                            "animation",
                            .object([
                                ("clip", .string(p.clip)), ("time", .number(p.time)), ("speed", .number(p.speed)),
                                ("loop", .bool(p.loop)), ("paused", .bool(p.paused))
                            ])
                        )
                    ]
                } ?? []
            return .object(
                [
                    ("name", .string(o.name)), ("position", vector(o.position)), ("presentedPosition", vector(o.presentedPosition)),
                    ("rotationY", .number(Double(o.rotationY))), ("yaw", .number(Double(o.yaw))), ("scale", vector(o.scale)),
                    ("anchor", o.anchor.map { .number(Double($0)) } ?? .null), ("parent", .string(o.parent)),
                    ("alignment", .string(o.alignment.rawValue)), ("allowedAlignments", .array(o.allowedAlignments.map { .string($0.rawValue) })),
                    ("selected", .bool(o.selected)), ("onPlane", .bool(o.onPlane)), ("animating", .bool(o.animating))
                ] + animation + (o.variant.map { [("variant", JSONValue.string($0))] } ?? []))
        }
        let f = s.focusSquare
        let focus: JSONValue = .object([
            ("state", .string(f.state.rawValue)), ("open", .bool(f.open)), ("position", vector(f.position)),
            ("scale", .number(Double(f.scale))), ("positioningScale", .number(Double(f.positioningScale))),
            ("alignment", f.alignment.map { .string($0.rawValue) } ?? .null), ("yaw", .number(Double(f.yaw))),
            ("opacity", .number(Double(f.opacity))), ("segments", .string(f.segments)), ("billboard", .bool(f.billboard)),
            ("animating", .bool(f.animating)), ("visible", .bool(f.visible))
        ])
        let r = s.device.rotation.vector
        var pairs: [(String, JSONValue)] = [
            ("device", .object([("position", vector(s.device.position)), ("rotation", .vector([r.x, r.y, r.z, r.w]))])),
            ("tracking", .string(s.tracking.description)),
            (
                "lightEstimate",
                s.lightEstimate.map {
                    .object([
                        ("ambientIntensity", .number(Double($0.ambientIntensity))),
                        ("ambientColorTemperature", .number(Double($0.colorTemperature)))
                    ])
                } ?? .null
            ),
            ("lights", .object([("directional", .number(Double(s.lights.directional))), ("ambient", .number(Double(s.lights.ambient)))])),
            ("anchors", .array(anchors)),
            ("objects", .array(objects)),
            ("focusSquare", focus),
            ("message", .object([("text", .string(s.message.text)), ("visible", .bool(s.message.visible)), ("alpha", .number(Double(s.message.alpha)))])),
            (
                "gestures",
                .object([
                    ("pan", .string(s.gestures.pan)), ("rotation", .string(s.gestures.rotation)),
                    ("tracked", s.gestures.tracked.map { .string($0) } ?? .null)
                ])
            ),
            ("addObjectButton", .bool(s.addObjectButton)),
            ("restartAvailable", .bool(s.restartAvailable)),
            (
                "loading",
                .array(s.loading.map { .object([("name", .string($0.name)), ("bytes", .number(Double($0.bytes))), ("progress", .number($0.progress))]) })
            ),
            ("referenceImages", .array(s.referenceImages.map { .object([("name", .string($0.name)), ("physicalWidth", .number(Double($0.physicalWidth)))]) }))
        ]
        if let geo = s.geo {
            pairs.append(
                (
                    "geo",
                    .object([
                        ("state", .string(geo.state.rawValue)), ("reason", .string(geo.reason)), ("accuracy", .string(geo.accuracy)),
                        ("label", .string(geo.label)), ("message", .string(geo.message)),
                        (
                            "toast",
                            .object([
                                ("text", .string(geo.toast.text)), ("showing", .bool(geo.toast.showing)),
                                ("until", geo.toast.until.map { .number($0) } ?? .null)
                            ])
                        ),
                        (
                            "placemarks",
                            .array(
                                geo.placemarks.map {
                                    .object([
                                        ("anchor", .number(Double($0.anchor))), ("position", vector($0.position)),
                                        ("scale", .number(Double($0.scale))), ("visible", .bool($0.visible)), ("shows", .string($0.shows))
                                    ])
                                })
                        ),
                        (
                            "mapCircles",
                            .array(
                                geo.mapCircles.map {
                                    .object([
                                        ("anchor", .number(Double($0.anchor))), ("center", .vector([$0.center.x, $0.center.y])),
                                        ("radius", .number(Double($0.radius)))
                                    ])
                                })
                        )
                    ])
                ))
        }
        if let shop = s.seedShop {
            pairs.append(
                (
                    "seedShop",
                    .object([
                        ("coaching", .string(shop.coaching)), ("info", .string(shop.info)),
                        ("useTestURL", .bool(shop.useTestURL)), ("usedTestURL", .bool(shop.usedTestURL)),
                        ("decoded", .array(shop.decoded.map { .string($0) })),
                        (
                            "invocations",
                            .array(shop.invocations.map { .object([("url", .string($0.url)), ("outcome", .string($0.outcome)), ("time", .number($0.time))]) })
                        ),
                        ("grown", .array(shop.grown.map { .string($0) }))
                    ])
                ))
        }
        return pairs
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
            case .added(let a): added.append((WorldSnapshot.kind(of: a), a.identifier.rawValue))
            case .updated(let a):
                // An anchor updated every frame of a step is listed once.
                let entry = (WorldSnapshot.kind(of: a), a.identifier.rawValue)
                if !updated.contains(where: { $0 == entry }) { updated.append(entry) }
            case .removed(let a): removed.append((WorldSnapshot.kind(of: a), a.identifier.rawValue))
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
