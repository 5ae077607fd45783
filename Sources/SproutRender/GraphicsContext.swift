/// An OpenGL context that can be made current on this thread: `HeadlessContext` (EGL) and
/// `Window` (GLFW). A `Renderer` given one keeps it alive and makes it current before drawing.
public protocol GraphicsContext: AnyObject {
    /// Makes the context current on this thread.
    func makeCurrent() throws
}
