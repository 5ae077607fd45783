// One triangle over the whole viewport, at the far plane; no vertex buffer (gl_VertexID).
out vec2 vNDC;

void main() {
    vNDC = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
    gl_Position = vec4(vNDC, 1.0, 1.0);
}
