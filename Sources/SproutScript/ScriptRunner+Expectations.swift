import SproutGeo
import SproutInteraction
import SproutMath
import SproutSession

extension ScriptRunner {
    /// Checks every field of an expectation against the world now (one `WorldSnapshot`, the
    /// values the trace records); each mismatch is a failure naming the step, the expected and
    /// the actual value.
    func check(_ e: Expectation, step: Step, index: Int) {
        for failure in mismatches(e, step: step, index: index) { record(failure) }
    }

    /// What of `e` does not hold now, as failures of `step` (nothing recorded: `eventually:`
    /// asks every frame until it holds).
    func mismatches(_ e: Expectation, step: Step, index: Int) -> [ExpectationFailure] {
        var found: [ExpectationFailure] = []
        func fail(_ what: String, _ expected: String, _ actual: String) {
            found.append(ExpectationFailure(source: script.source, line: step.line, step: index, what: what, expected: expected, actual: actual))
        }
        let s = snapshot
        if let name = e.object {
            guard let object = s.object(named: name) else {
                fail(
                    "object", "an object named '\(name)'",
                    s.objects.isEmpty ? "no objects" : "objects " + s.objects.map { "'\($0.name)'" }.joined(separator: ", "))
                return found
            }
            if let p = e.position, distance(object.position, p) > e.tolerance {
                fail("\(name) position", "\(text(p)) within \(e.tolerance) m", text(object.position))
            }
            if let r = e.rotationY, abs(wrapAngle(radians(fromDegrees: object.rotationY - r))) > radians(fromDegrees: 0.5) {
                fail("\(name) rotationY", "\(r) degrees", "\(rounded(object.rotationY)) degrees")
            }
            if let p = e.presentedPosition, distance(object.presentedPosition, p) > e.tolerance {
                fail("\(name) presentedPosition", "\(text(p)) within \(e.tolerance) m", text(object.presentedPosition))
            }
            if let k = e.scale, !Self.matches(object.scale, k) { fail("\(name) scale", text(k), text(object.scale)) }
            if let a = e.alignment, object.alignment != a { fail("\(name) alignment", a.rawValue, object.alignment.rawValue) }
            if let v = e.onPlane, object.onPlane != v { fail("\(name) onPlane", "\(v)", "\(object.onPlane)") }
            if let v = e.selected, object.selected != v { fail("\(name) selected", "\(v)", "\(!v)") }
            if let clip = e.clip, (object.animation?.clip ?? "") != clip { fail("\(name) clip", quoted(clip), quoted(object.animation?.clip ?? "")) }
            if let variant = e.variant, (object.variant ?? "") != variant { fail("\(name) variant", quoted(variant), quoted(object.variant ?? "")) }
            if let time = e.clipTime {
                if let playing = object.animation, abs(playing.time - time) <= 1e-6 {
                } else {
                    fail("\(name) time", "\(time) s", object.animation.map { "\($0.time) s" } ?? "no clip playing")
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
            let shown = s.message.visible ? s.message.text : ""
            if shown != m { fail("message", quoted(m), s.message.visible ? quoted(shown) : "no message shown") }
        }
        let square = s.focusSquare
        if let f = e.focusSquare, square.state != f { fail("focusSquare", f.rawValue, square.state.rawValue) }
        if let a = e.focusSquareAlignment, (square.alignment?.rawValue ?? "none") != a {
            fail("focusSquare.alignment", a, square.alignment?.rawValue ?? "none")
        }
        if let b = e.focusSquareBillboard, square.billboard != b { fail("focusSquare.billboard", "\(b)", "\(square.billboard)") }
        if let t = e.tracking, s.tracking != t { fail("tracking", t.description, s.tracking.description) }
        for (kind, comparison) in e.anchors {
            let n = s.anchors.filter { $0.kind == String(kind.dropLast()) }.count
            if !comparison.holds(for: n) { fail("anchors.\(kind)", comparison.description, "\(n)") }
        }
        if let c = e.objectCount, !c.holds(for: s.objects.count) { fail("objects", c.description, "\(s.objects.count)") }
        if let g = e.geo, s.geo?.state != g { fail("geo", g.rawValue, s.geo?.state.rawValue ?? "no geographic origin") }
        if let c = e.lightEstimate {
            let lumens = s.lightEstimate.map { Int($0.ambientIntensity.rounded()) }
            if lumens.map({ !c.holds(for: $0) }) ?? true { fail("lightEstimate", c.description, lumens.map { "\($0) lm" } ?? "no estimate") }
        }
        if let c = e.colorTemperature {
            let kelvin = s.lightEstimate.map { Int($0.colorTemperature.rounded()) }
            if kelvin.map({ !c.holds(for: $0) }) ?? true { fail("colorTemperature", c.description, kelvin.map { "\($0) K" } ?? "no estimate") }
        }
        if let i = e.info, (s.seedShop?.info ?? "") != i { fail("info", quoted(i), s.seedShop.map { quoted($0.info) } ?? "no Seed Shop opened") }
        if let a = e.messageAlpha, abs(s.message.alpha - a) > 0.001 { fail("messageAlpha", rounded(a), rounded(s.message.alpha)) }
        if let b = e.addObjectButton, s.addObjectButton != b { fail("addObjectButton", "\(b)", "\(!b)") }
        if let b = e.restartAvailable, s.restartAvailable != b { fail("restartAvailable", "\(b)", "\(s.restartAvailable)") }
        if let c = e.loading, !c.holds(for: s.loading.count) { fail("loading", c.description, "\(s.loading.count)") }
        if let r = e.referenceImage {
            if let image = s.referenceImages.first(where: { $0.name == r.name }) {
                if abs(image.physicalWidth - r.width) > 1e-4 {
                    fail("referenceImage \(r.name) width", "\(rounded(r.width)) m", "\(rounded(image.physicalWidth)) m")
                }
            } else {
                fail(
                    "referenceImage", quoted(r.name),
                    s.referenceImages.isEmpty ? "no reference images" : s.referenceImages.map { quoted($0.name) }.joined(separator: ", "))
            }
        }
        if e.placemarks != nil || e.placemarkShows != nil {
            let shown = s.geo?.placemarks.filter(\.visible) ?? []
            if let c = e.placemarks, !c.holds(for: shown.count) { fail("placemarks", c.description, s.geo == nil ? "no geographic origin" : "\(shown.count)") }
            if let what = e.placemarkShows, let other = shown.first(where: { $0.shows != what }) { fail("placemarks.shows", what, other.shows) }
        }
        if let b = e.usedTestURL, (s.seedShop?.usedTestURL ?? false) != b { fail("usedTestURL", "\(b)", s.seedShop == nil ? "no Seed Shop opened" : "\(!b)") }
        if let c = e.coaching, (s.seedShop?.coaching ?? "") != c {
            fail("coaching", quoted(c), s.seedShop.map { quoted($0.coaching) } ?? "no Seed Shop opened")
        }
        return found
    }

    /// Each component within 0.1 % (and a micrometre, for zeros).
    static func matches(_ actual: Vec3, _ expected: Vec3) -> Bool {
        (0..<3).allSatisfy { Swift.abs(actual[$0] - expected[$0]) <= Swift.abs(expected[$0]) * 0.001 + 1e-6 }
    }

    private func text(_ v: Vec3) -> String { "[\(rounded(v.x)), \(rounded(v.y)), \(rounded(v.z))]" }
    private func rounded(_ x: Float) -> String { JSONValue.format(Double(x)) }
    private func quoted(_ s: String) -> String { JSONValue.quote(s) }
}
