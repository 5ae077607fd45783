import SproutInteraction
import SproutMath
import SproutSession

extension ScriptRunner {
    /// Checks every field of an expectation against the world now; each mismatch is a failure
    /// naming the step, the expected and the actual value.
    func check(_ e: Expectation, step: Step, index: Int) {
        func fail(_ what: String, _ expected: String, _ actual: String) {
            record(ExpectationFailure(source: script.source, line: step.line, step: index, what: what, expected: expected, actual: actual))
        }
        if let name = e.object {
            guard let object = engine.objects.first(where: { $0.name == name }) else {
                fail("object", "an object named '\(name)'", engine.objects.isEmpty ? "no objects" : "objects " + engine.objects.map { "'\($0.name)'" }.joined(separator: ", "))
                return
            }
            if let p = e.position, distance(object.worldPosition, p) > e.tolerance {
                fail("\(name) position", "\(text(p)) within \(e.tolerance) m", text(object.worldPosition))
            }
            if let r = e.rotationY {
                let actual = degrees(fromRadians: object.objectRotation)
                if abs(wrapAngle(radians(fromDegrees: actual - r))) > radians(fromDegrees: 0.5) {
                    fail("\(name) rotationY", "\(r) degrees", "\(rounded(actual)) degrees")
                }
            }
            let drawn = object.presentedWorldMatrix.translation
            if let p = e.presentedPosition, distance(drawn, p) > e.tolerance {
                fail("\(name) presentedPosition", "\(text(p)) within \(e.tolerance) m", text(drawn))
            }
            if let k = e.scale, !Self.matches(object.worldScale, k) {
                fail("\(name) scale", text(k), text(object.worldScale))
            }
            if let a = e.alignment, object.currentAlignment.rawValue != a { fail("\(name) alignment", a, object.currentAlignment.rawValue) }
            if let v = e.onPlane, object.isOnPlane != v { fail("\(name) onPlane", "\(v)", "\(object.isOnPlane)") }
            if let v = e.selected, (engine.selectedObject === object) != v { fail("\(name) selected", "\(v)", "\(!v)") }
            if e.clip != nil || e.clipTime != nil {
                let player = world.animationPlayer(of: object)
                if let clip = e.clip, (player?.clip?.name ?? "") != clip { fail("\(name) clip", quoted(clip), quoted(player?.clip?.name ?? "")) }
                if let time = e.clipTime {
                    if let player, abs(player.time - time) <= 1e-6 {} else {
                        fail("\(name) time", "\(time) s", player.map { "\($0.time) s" } ?? "no clip playing")
                    }
                }
            }
        }
        if let image = e.image {
            if let checker = onImageExpectation {
                do {
                    if let problem = try checker(image) { fail("image", "the frame to match \(image.golden)", problem) }
                } catch {
                    fail("image", "the frame to match \(image.golden)", "\(error)")
                }
            } else {
                fail("image", "the frame to match \(image.golden)", "no frames drawn (play the script with ScriptPlayer, as sprout play does)")
            }
        }
        if let m = e.message {
            let shown = engine.messages.isShown ? engine.messages.text : ""
            if shown != m { fail("message", quoted(m), engine.messages.isShown ? quoted(shown) : "no message shown") }
        }
        let square = engine.focusSquare
        if let f = e.focusSquare, square.stateDescription != f { fail("focusSquare", f, square.stateDescription) }
        if let a = e.focusSquareAlignment, (square.currentAlignment?.rawValue ?? "none") != a {
            fail("focusSquare.alignment", a, square.currentAlignment?.rawValue ?? "none")
        }
        if let b = e.focusSquareBillboard, square.isInitializing != b { fail("focusSquare.billboard", "\(b)", "\(square.isInitializing)") }
        if let t = e.tracking, engine.session.trackingState.description != t { fail("tracking", t, engine.session.trackingState.description) }
        for (kind, comparison) in e.anchors {
            let n = engine.session.anchors.filter { TraceState.kind(of: $0) == String(kind.dropLast()) }.count
            if !comparison.holds(for: n) { fail("anchors.\(kind)", comparison.description, "\(n)") }
        }
        if let c = e.objectCount, !c.holds(for: engine.objects.count) { fail("objects", c.description, "\(engine.objects.count)") }
        if let g = e.geo {
            let state = geo?.tracker.status.state.rawValue ?? "no geographic origin"
            if state != g { fail("geo", g, state) }
        }
        let estimate = engine.session.lightEstimate
        if let c = e.lightEstimate {
            let lumens = estimate.map { Int($0.ambientIntensity.rounded()) }
            if lumens.map({ !c.holds(for: $0) }) ?? true { fail("lightEstimate", c.description, lumens.map { "\($0) lm" } ?? "no estimate") }
        }
        if let c = e.colorTemperature {
            let kelvin = estimate.map { Int($0.ambientColorTemperature.rounded()) }
            if kelvin.map({ !c.holds(for: $0) }) ?? true { fail("colorTemperature", c.description, kelvin.map { "\($0) K" } ?? "no estimate") }
        }
        if let i = e.info {
            let shown = flow?.infoText ?? ""
            if shown != i { fail("info", quoted(i), flow == nil ? "no Seed Shop opened" : quoted(shown)) }
        }
        if let a = e.messageAlpha, abs(engine.messages.alpha - a) > 0.001 { fail("messageAlpha", rounded(a), rounded(engine.messages.alpha)) }
        if let b = e.addObjectButton, engine.isAddObjectButtonVisible != b { fail("addObjectButton", "\(b)", "\(!b)") }
        let restartable = engine.isRestartAvailable && !engine.loader.isLoading
        if let b = e.restartAvailable, restartable != b { fail("restartAvailable", "\(b)", "\(restartable)") }
        if let c = e.loading, !c.holds(for: engine.loader.downloads.count) { fail("loading", c.description, "\(engine.loader.downloads.count)") }
        if let r = e.referenceImage {
            let images = engine.session.configuration?.detectionImages ?? []
            if let image = images.first(where: { $0.name == r.name }) {
                if abs(image.physicalWidth - r.width) > 1e-4 { fail("referenceImage \(r.name) width", "\(rounded(r.width)) m", "\(rounded(image.physicalWidth)) m") }
            } else {
                fail("referenceImage", quoted(r.name), images.isEmpty ? "no reference images" : images.map { quoted($0.name) }.joined(separator: ", "))
            }
        }
        if e.placemarks != nil || e.placemarkShows != nil {
            let shown = geo.map { set in set.anchors.anchors.compactMap { set.anchors.placemarks[$0.identifier] }.filter(\.isAdded) } ?? []
            if let c = e.placemarks, !c.holds(for: shown.count) { fail("placemarks", c.description, geo == nil ? "no geographic origin" : "\(shown.count)") }
            if let what = e.placemarkShows, let other = shown.first(where: { ($0.arrow.isEnabled ? "arrow" : "balloon") != what }) {
                fail("placemarks.shows", what, other.arrow.isEnabled ? "arrow" : "balloon")
            }
        }
        if let b = e.usedTestURL, (flow?.usedTestURL ?? false) != b { fail("usedTestURL", "\(b)", flow == nil ? "no Seed Shop opened" : "\(!b)") }
        if let c = e.coaching {
            let shown = flow.map { $0.isCoachingVisible ? $0.coachingText : "" } ?? ""
            if shown != c { fail("coaching", quoted(c), flow == nil ? "no Seed Shop opened" : quoted(shown)) }
        }
    }

    /// Each component within 0.1 % (and a micrometre, for zeros).
    static func matches(_ actual: Vec3, _ expected: Vec3) -> Bool {
        (0..<3).allSatisfy { Swift.abs(actual[$0] - expected[$0]) <= Swift.abs(expected[$0]) * 0.001 + 1e-6 }
    }

    private func text(_ v: Vec3) -> String { "[\(rounded(v.x)), \(rounded(v.y)), \(rounded(v.z))]" }
    private func rounded(_ x: Float) -> String { JSONValue.format(Double(x)) }
    private func quoted(_ s: String) -> String { JSONValue.quote(s) }
}
