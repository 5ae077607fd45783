import SproutScene
import SproutSession

/// The status panel (P18 `StatusViewController`, L17-171) on an injected clock: a text that is
/// shown (auto-hiding after 6 s unless told not to), one-shot timers per message type, and the
/// escalation of limited tracking into a message with the recommendation.
public final class StatusMessages {
    /// P18 `StatusViewController.MessageType`: the kinds of scheduled message, each cancellable on its own.
    public enum MessageType: String, CaseIterable, Sendable {
        case trackingStateEscalation, planeEstimation, contentPlacement, focusSquare
    }

    /// L48: seconds a shown message stays before fading.
    public static let displayDuration = 6.0
    /// L126-138: the panel fades in and out over 0.2 s, from its current alpha.
    public static let fadeDuration = 0.2

    /// The current text (kept while the panel fades out, as UIKit keeps the label's text).
    public private(set) var text = ""
    /// Whether the panel is shown (its alpha is moving towards 1), else hidden (towards 0).
    public private(set) var isShown = false
    /// The panel's opacity, 0...1, fading over 0.2 s (eased in and out, from where it was).
    public private(set) var alpha: Float = 0
    /// Seconds on the messages' clock: the frame's time (`beginFrame(at:)`); messages shown or
    /// scheduled now count from it.
    public private(set) var time = 0.0
    /// Where the running fade began: the time the panel was shown or hidden, and its alpha then.
    private var fade = (time: 0.0, alpha: Float(0))

    private var hideAt: Double?
    private var timers: [MessageType: (fireAt: Double, text: String)] = [:]
    private var escalation: (fireAt: Double, state: TrackingState)?

    /// A hidden, empty panel at time 0 with nothing scheduled.
    public init() {}

    /// P18 `showMessage(_:autoHide:)`.
    public func showMessage(_ text: String, autoHide: Bool = true) {
        hideAt = nil
        self.text = text
        setShown(true)
        if autoHide { hideAt = time + Self.displayDuration }
    }

    /// P18 `scheduleMessage(_:inSeconds:messageType:)`: replaces that type's pending message.
    public func scheduleMessage(_ text: String, inSeconds seconds: Double, type: MessageType) {
        if type == .trackingStateEscalation { escalation = nil }
        timers[type] = (time + seconds, text)
    }

    /// Cancels the pending message of `type` (for `.trackingStateEscalation`, the pending escalation too);
    /// the message shown now stays.
    public func cancelScheduledMessage(_ type: MessageType) {
        timers[type] = nil
        if type == .trackingStateEscalation { escalation = nil }
    }

    /// Cancels every pending message and the escalation; the message shown now stays.
    public func cancelAllScheduledMessages() {
        timers.removeAll()
        escalation = nil
    }

    /// Whether a message of `type` is pending (for `.trackingStateEscalation`, an escalation counts).
    public func isScheduled(_ type: MessageType) -> Bool {
        timers[type] != nil || (type == .trackingStateEscalation && escalation != nil)
    }

    /// P18 `showTrackingQualityInfo(for:autoHide:)`.
    public func showTrackingQualityInfo(for state: TrackingState, autoHide: Bool) {
        showMessage(state.presentationString, autoHide: autoHide)
    }

    /// P18 `escalateFeedback(for:inSeconds:)`: after `seconds`, the state's text and its
    /// recommendation, shown until something replaces it.
    public func escalateFeedback(for state: TrackingState, inSeconds seconds: Double) {
        timers[.trackingStateEscalation] = nil
        escalation = (time + seconds, state)
    }

    /// `beginFrame(at: time + dt)` then `advance()`: for a panel on its own.
    public func advance(by dt: Double) {
        beginFrame(at: time + dt)
        advance()
    }

    /// Moves the clock to a frame's `time` before anything of the frame happens; nothing fires
    /// until `advance()`.
    public func beginFrame(at time: Double) {
        precondition(time.isFinite, "StatusMessages.beginFrame: time must be finite")
        self.time = max(self.time, time)
    }

    /// The frame's end: every timer due by now fires (the first frame at or past its deadline),
    /// in deadline order, each shown at the frame's time; then the panel hides if due and alpha
    /// fades by the time since the last frame.
    public func advance() {
        while true {
            var next: (at: Double, fire: () -> Void)?
            for (type, timer) in timers where hasReached(time, timer.fireAt) && timer.fireAt < (next?.at ?? .infinity) {
                next = (
                    timer.fireAt,
                    { [unowned self] in
                        self.timers[type] = nil; self.showMessage(timer.text)
                    }
                )
            }
            if let e = escalation, hasReached(time, e.fireAt), e.fireAt < (next?.at ?? .infinity) {
                next = (
                    e.fireAt,
                    { [unowned self] in
                        self.escalation = nil
                        var message = e.state.presentationString
                        if let recommendation = e.state.recommendation { message += ": " + recommendation }
                        self.showMessage(message, autoHide: false)
                    }
                )
            }
            if let hide = hideAt, hasReached(time, hide), hide < (next?.at ?? .infinity) {
                next = (
                    hide,
                    { [unowned self] in
                        self.hideAt = nil; self.setShown(false)
                    }
                )
            }
            guard let event = next else { break }
            event.fire()
        }
        // L126-138 `UIView.animate(withDuration: 0.2, options: .beginFromCurrentState)`: from the
        // alpha it had when shown or hidden, 0.2 s to the target on UIKit's default curve (ease
        // in-out), there on the first frame at or past the end (the time rule).
        let target: Float = isShown ? 1 : 0
        let since = time - fade.time
        let progress = hasReached(since, Self.fadeDuration) ? 1 : Float(TimingFunction.easeInEaseOut.progress(max(since, 0) / Self.fadeDuration))
        alpha = fade.alpha + (target - fade.alpha) * progress
    }

    /// Shows or hides the panel: a change begins a fade from the alpha it has now.
    private func setShown(_ shown: Bool) {
        guard shown != isShown else { return }
        isShown = shown
        fade = (time, alpha)
    }
}
