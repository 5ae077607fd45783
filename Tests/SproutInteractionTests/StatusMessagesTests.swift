import SproutSession
import Testing
@testable import SproutInteraction

@Suite struct StatusMessagesTests {
    @Test func aShownMessageHidesAfterSixSeconds() {
        let m = StatusMessages()
        m.showMessage("SURFACE DETECTED")
        m.advance(by: 5.99)
        #expect(m.isShown && m.text == "SURFACE DETECTED" && m.alpha == 1)
        m.advance(by: 0.02)
        #expect(!m.isShown)
        m.advance(by: 0.2)
        #expect(m.alpha == 0)
    }

    @Test func scheduledMessagesFireOnTimeAndReplaceTheirType() {
        let m = StatusMessages()
        m.scheduleMessage("FIND A SURFACE TO PLACE AN OBJECT", inSeconds: 7.5, type: .planeEstimation)
        m.advance(by: 7.4)
        #expect(!m.isShown)
        m.advance(by: 0.1)
        #expect(m.isShown && m.text == "FIND A SURFACE TO PLACE AN OBJECT")
        m.scheduleMessage("A", inSeconds: 1, type: .focusSquare)
        m.scheduleMessage("B", inSeconds: 2, type: .focusSquare)
        m.advance(by: 1.5)
        #expect(m.text == "FIND A SURFACE TO PLACE AN OBJECT")
        m.advance(by: 0.5)
        #expect(m.text == "B")
        m.scheduleMessage("C", inSeconds: 1, type: .contentPlacement)
        m.cancelScheduledMessage(.contentPlacement)
        m.advance(by: 2)
        #expect(m.text == "B")
    }

    @Test func limitedTrackingEscalatesAfterThreeSecondsWithTheRecommendationAndStays() {
        let m = StatusMessages()
        let state = TrackingState.limited(.excessiveMotion)
        m.showTrackingQualityInfo(for: state, autoHide: true)
        m.escalateFeedback(for: state, inSeconds: 3)
        m.advance(by: 2.99)
        #expect(m.text == "TRACKING LIMITED\nExcessive motion")
        m.advance(by: 0.02)
        #expect(m.text == "TRACKING LIMITED\nExcessive motion: Try slowing down your movement, or reset the session.")
        m.advance(by: 60)
        #expect(m.isShown)   // not auto-hidden
        m.escalateFeedback(for: state, inSeconds: 3)
        m.cancelScheduledMessage(.trackingStateEscalation)
        #expect(!m.isScheduled(.trackingStateEscalation))
    }
}
