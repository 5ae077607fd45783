internal import COpenGL

/// Counts the samples that pass the depth test from its making to `finish` (an occlusion
/// query, `GL_SAMPLES_PASSED`), in the context current when it was made.
final class PassedSampleQuery {
    private var id: GLuint = 0
    private var isActive = true

    init() {
        glGenQueries(1, &id)
        GLObjectCount.created()
        glBeginQuery(GLenum(GL_SAMPLES_PASSED), id)
    }

    /// Ends the count and waits for the draws it spans to finish: the samples that passed.
    func finish() -> Int {
        end()
        var passed: GLuint64 = 0
        glGetQueryObjectui64v(id, GLenum(GL_QUERY_RESULT), &passed)
        return Int(passed)
    }

    private func end() {
        if isActive { glEndQuery(GLenum(GL_SAMPLES_PASSED)) }
        isActive = false
    }

    deinit {
        // A frame that threw mid-way leaves no query active for the next one to trip over.
        end()
        glDeleteQueries(1, &id)
        GLObjectCount.deleted()
    }
}
