internal import COpenGL

/// A linked GLSL program with its uniform locations looked up once.
final class ShaderProgram {
    let id: GLuint
    private var locations: [String: GLint] = [:]

    /// Compiles `#version 330 core` + `defines` + `declarations` (GLSL, such as constants) + each source.
    init(vertex: String, fragment: String, defines: [String], declarations: String = "", name: String) throws {
        let header = "#version 330 core\n" + defines.map { "#define \($0) 1\n" }.joined() + declarations
        let vs = try ShaderProgram.compile(header + vertex, type: GLenum(GL_VERTEX_SHADER), name: name + ".vert")
        let fs = try ShaderProgram.compile(header + fragment, type: GLenum(GL_FRAGMENT_SHADER), name: name + ".frag")
        defer { glDeleteShader(vs); glDeleteShader(fs) }
        id = glCreateProgram()
        GLObjectCount.created()
        glAttachShader(id, vs)
        glAttachShader(id, fs)
        glLinkProgram(id)
        var ok: GLint = 0
        glGetProgramiv(id, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = ShaderProgram.log { glGetProgramInfoLog(id, $0, nil, $1) }
            // Fully initialised, so deinit deletes the program.
            throw RenderError("linking shader '\(name)' failed: \(log)")
        }
    }

    deinit {
        glDeleteProgram(id)
        GLObjectCount.deleted()
    }

    func location(_ name: String) -> GLint {
        if let l = locations[name] { return l }
        let l = glGetUniformLocation(id, name)
        locations[name] = l
        return l
    }

    private static func compile(_ source: String, type: GLenum, name: String) throws -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { p in
            var ptr: UnsafePointer<GLchar>? = p
            glShaderSource(shader, 1, &ptr, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = ShaderProgram.log { glGetShaderInfoLog(shader, $0, nil, $1) }
            glDeleteShader(shader)
            throw RenderError("compiling shader '\(name)' failed: \(log)")
        }
        return shader
    }

    private static func log(_ read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var buffer = [GLchar](repeating: 0, count: 4096)
        buffer.withUnsafeMutableBufferPointer { read(GLsizei($0.count), $0.baseAddress!) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Uniforms

    /// Connects the uniform block `name` (if the program has it) to buffer binding point `binding`.
    func bindUniformBlock(_ name: String, to binding: GLuint) {
        let index = glGetUniformBlockIndex(id, name)
        if index != GLuint(GL_INVALID_INDEX) { glUniformBlockBinding(id, index, binding) }
    }
    func set(_ name: String, floats values: [Float]) {
        values.withUnsafeBufferPointer { glUniform1fv(location(name), GLsizei($0.count), $0.baseAddress) }
    }

    func set(_ name: String, _ v: Float) { glUniform1f(location(name), v) }
    func set(_ name: String, _ v: Int32) { glUniform1i(location(name), v) }
    func set(_ name: String, _ v: SIMD2<Float>) { glUniform2f(location(name), v.x, v.y) }
    func set(_ name: String, _ v: SIMD3<Float>) { glUniform3f(location(name), v.x, v.y, v.z) }
    func set(_ name: String, _ v: SIMD4<Float>) { glUniform4f(location(name), v.x, v.y, v.z, v.w) }
    func set(_ name: String, matrix values: [Float]) {
        values.withUnsafeBufferPointer { glUniformMatrix4fv(location(name), 1, GLboolean(GL_FALSE), $0.baseAddress) }
    }
    func set(_ name: String, matrix3 values: [Float]) {
        values.withUnsafeBufferPointer { glUniformMatrix3fv(location(name), 1, GLboolean(GL_FALSE), $0.baseAddress) }
    }
}
