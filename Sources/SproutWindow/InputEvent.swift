import SproutMath

/// What the window reports, as plain values: the preview (and later the gesture layer) consume
/// these without knowing GLFW. Positions are in window points, origin top-left.
public enum InputEvent: Equatable, Sendable {
    /// The mouse buttons the window reports.
    public enum MouseButton: Sendable { case left, right, middle }

    case mouseDown(MouseButton, at: Vec2)
    case mouseUp(MouseButton, at: Vec2)
    case mouseMoved(to: Vec2)
    case scrolled(by: Vec2)
    case keyDown(Key)
    case keyUp(Key)
}

/// The keys the preview uses.
public enum Key: Sendable, Hashable {
    case w, a, s, d, q, e, r, p, u, n, k, v, space, escape, up, down, left, right, shift
}
