internal import CGLFW
import SproutMath
import SproutRender
#if canImport(Glibc)
import Glibc
#endif

/// A GLFW window with an OpenGL 3.3 core, forward-compatible context. Use it from the main thread.
public final class Window: GraphicsContext {
    private let glfw: sprout_glfw
    private let handle: OpaquePointer
    private var events: [InputEvent] = []
    private var cursor = Vec2.zero

    /// True when an X11 display is named in the environment (GLFW 3.3 has no headless mode).
    public static var isDisplayAvailable: Bool {
        if let d = getenv("DISPLAY"), d.pointee != 0 { return true }
        return false
    }

    /// - Parameter samples: MSAA samples of the default framebuffer (0 = off).
    public init(title: String, width: Int, height: Int, samples: Int = 4) throws {
        let glfw = try GLFW.opened.get()
        guard glfw.initialize() != 0 else {
            var description: UnsafePointer<CChar>?
            _ = glfw.getError(&description)
            throw RenderError("cannot start GLFW: \(description.map { String(cString: $0) } ?? "unknown error")")
        }
        glfw.windowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfw.windowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfw.windowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfw.windowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfw.windowHint(GLFW_SAMPLES, Int32(samples))
        guard let handle = glfw.createWindow(Int32(width), Int32(height), title, nil, nil) else {
            var description: UnsafePointer<CChar>?
            _ = glfw.getError(&description)
            glfw.terminate()
            throw RenderError("cannot open a window: \(description.map { String(cString: $0) } ?? "unknown error")")
        }
        self.glfw = glfw
        self.handle = handle
        glfw.makeContextCurrent(handle)
        glfw.swapInterval(1)
        glfw.setWindowUserPointer(handle, Unmanaged.passUnretained(self).toOpaque())
        _ = glfw.setMouseButtonCallback(handle, onMouseButton)
        _ = glfw.setCursorPosCallback(handle, onCursor)
        _ = glfw.setScrollCallback(handle, onScroll)
        _ = glfw.setKeyCallback(handle, onKey)
    }

    deinit {
        glfw.destroyWindow(handle)
        glfw.terminate()
    }

    /// Pixels of the framebuffer: the viewport (differs from the window size on HiDPI screens).
    public var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfw.getFramebufferSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// Points of the window: the unit of input positions and gesture thresholds.
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfw.getWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// Whether the window has been asked to close (its close button, or set here: Esc sets it).
    public var shouldClose: Bool {
        get { glfw.windowShouldClose(handle) != 0 }
        set { glfw.setWindowShouldClose(handle, newValue ? 1 : 0) }
    }

    /// The window's title; setting it shows it. Reads "" until set, whatever `init` was given.
    public var title: String = "" {
        didSet { glfw.setWindowTitle(handle, title) }
    }

    /// Seconds since GLFW started: the real-time clock of an interactive session.
    public var time: Double { glfw.getTime() }

    /// Processes pending window-system events and returns them in order.
    public func pollEvents() -> [InputEvent] {
        glfw.pollEvents()
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Shows the frame drawn, waiting for the display's vertical sync.
    public func swapBuffers() { glfw.swapBuffers(handle) }

    /// Makes the window's context current on this thread.
    public func makeCurrent() throws { glfw.makeContextCurrent(handle) }

    /// Whether `key` is held down now (as of the last `pollEvents`).
    public func isKeyDown(_ key: Key) -> Bool { glfw.getKey(handle, key.glfwCode) == GLFW_PRESS }

    fileprivate func record(_ event: InputEvent) { events.append(event) }
    fileprivate func moveCursor(to p: Vec2) { cursor = p; events.append(.mouseMoved(to: p)) }
    fileprivate var cursorPosition: Vec2 { cursor }
}

extension Key {
    var glfwCode: Int32 {
        switch self {
        case .w: GLFW_KEY_W
        case .a: GLFW_KEY_A
        case .s: GLFW_KEY_S
        case .d: GLFW_KEY_D
        case .q: GLFW_KEY_Q
        case .e: GLFW_KEY_E
        case .r: GLFW_KEY_R
        case .p: GLFW_KEY_P
        case .u: GLFW_KEY_U
        case .n: GLFW_KEY_N
        case .k: GLFW_KEY_K
        case .v: GLFW_KEY_V
        case .space: GLFW_KEY_SPACE
        case .escape: GLFW_KEY_ESCAPE
        case .up: GLFW_KEY_UP
        case .down: GLFW_KEY_DOWN
        case .left: GLFW_KEY_LEFT
        case .right: GLFW_KEY_RIGHT
        case .shift: GLFW_KEY_LEFT_SHIFT
        }
    }

    static let all: [Key] = [.w, .a, .s, .d, .q, .e, .r, .p, .u, .n, .k, .v, .space, .escape, .up, .down, .left, .right, .shift]
}

// GLFW callbacks are C function pointers: they find their Window through the user pointer.
private func window(_ handle: OpaquePointer?) -> Window? {
    guard let handle, case .success(let glfw) = GLFW.opened, let raw = glfw.getWindowUserPointer(handle) else { return nil }
    return Unmanaged<Window>.fromOpaque(raw).takeUnretainedValue()
}

private func onMouseButton(_ handle: OpaquePointer?, _ button: Int32, _ action: Int32, _ mods: Int32) {
    guard let w = window(handle) else { return }
    let b: InputEvent.MouseButton = button == GLFW_MOUSE_BUTTON_RIGHT ? .right : button == GLFW_MOUSE_BUTTON_MIDDLE ? .middle : .left
    w.record(action == GLFW_PRESS ? .mouseDown(b, at: w.cursorPosition) : .mouseUp(b, at: w.cursorPosition))
}

private func onCursor(_ handle: OpaquePointer?, _ x: Double, _ y: Double) {
    window(handle)?.moveCursor(to: Vec2(Float(x), Float(y)))
}

private func onScroll(_ handle: OpaquePointer?, _ dx: Double, _ dy: Double) {
    window(handle)?.record(.scrolled(by: Vec2(Float(dx), Float(dy))))
}

private func onKey(_ handle: OpaquePointer?, _ key: Int32, _ scancode: Int32, _ action: Int32, _ mods: Int32) {
    guard let w = window(handle), action != GLFW_REPEAT, let k = Key.all.first(where: { $0.glfwCode == key }) else { return }
    w.record(action == GLFW_PRESS ? .keyDown(k) : .keyUp(k))
}
