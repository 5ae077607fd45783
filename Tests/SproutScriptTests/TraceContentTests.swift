import SproutMath
import SproutTesting
import Testing
import Foundation
@testable import SproutScript

/// What the spec defines, the trace shows (so a user's script can check it): anchor events per
/// step, the geo placemarks, map circles and toast, the focus square's and objects' details.
@Suite struct TraceContentTests {
    static func steps(_ scenario: String) throws -> [[String: Any]] {
        let runner = try ScenarioTests.run(ScenarioTests.folder + "/" + scenario)
        let text = try #require(runner.traceText)
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(trace["steps"] as? [[String: Any]])
    }

    @Test func eachStepListsTheAnchorsAddedUpdatedAndRemovedDuringIt() throws {
        let steps = try Self.steps("08-snap-onto-the-refined-table.yaml")
        let events = steps.map { $0["events"] as! [String: [[String: Any]]] }
        // The first wait (1 s) finds no plane; the table plane arrives during the 12 s wait (at 2.3 s).
        #expect(events[0]["added"]!.isEmpty)
        let later = events.dropFirst().flatMap { $0["added"]! }.map { $0["kind"] as! String }
        #expect(later.contains("plane"))
        #expect(events.flatMap { $0["updated"]! }.contains { $0["kind"] as? String == "plane" })
    }

    @Test func geoRecordsShowPlacemarksMapCirclesAndTheToastWithItsTimer() throws {
        let steps = try Self.steps("16-geo-anchors.yaml")
        let afterTwo = try #require(steps[6]["geo"] as? [String: Any])   // two anchors added
        let circles = try #require(afterTwo["mapCircles"] as? [[String: Any]])
        #expect(circles.count == 2 && circles.allSatisfy { $0["radius"] as? Double == 3 })
        let placemarks = try #require(afterTwo["placemarks"] as? [[String: Any]])
        #expect(placemarks.count == 2)
        let undone = try #require(steps[8]["geo"] as? [String: Any])   // undo: "Removed last added anchor"
        let toast = try #require(undone["toast"] as? [String: Any])
        #expect(toast["text"] as? String == "Removed last added anchor" && toast["showing"] as? Bool == true)
        let time = try #require(steps[8]["time"] as? Double), until = try #require(toast["until"] as? Double)
        #expect(abs(until - (time + 2)) < 1e-6)   // G21 showToast: 2 s
        let later = try #require((steps[9]["geo"] as? [String: Any])?["toast"] as? [String: Any])   // after the 8 s wait
        #expect(later["showing"] as? Bool == false)
        let grown = try #require((steps[9]["geo"] as? [String: Any])?["placemarks"] as? [[String: Any]])
        #expect(grown.first?["visible"] as? Bool == true)
    }

    @Test func objectsAndTheFocusSquareCarryTheirSpecFields() throws {
        let steps = try Self.steps("01-place-on-table.yaml")
        let last = try #require(steps.last)
        let square = try #require(last["focusSquare"] as? [String: Any])
        for key in ["alignment", "yaw", "positioningScale", "opacity", "segments", "billboard", "animating"] { #expect(square[key] != nil, "\(key)") }
        let object = try #require((last["objects"] as? [[String: Any]])?.first)
        for key in ["presentedPosition", "yaw", "scale", "parent", "alignment", "allowedAlignments", "animating"] { #expect(object[key] != nil, "\(key)") }
        #expect(object["scale"] as? [Double] == [1, 1, 1] && object["parent"] as? String == "root")
        #expect(object["allowedAlignments"] as? [String] == ["horizontal"])
    }
}
