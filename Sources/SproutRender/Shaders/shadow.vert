// Depth from the light, for the shadow map. MASKED: alpha-cut materials pass their texture
// coordinates on, so their cut-away parts cast no shadow. deform.glsl is prepended: shadows follow the pose.
layout(location = 0) in vec3 aPosition;
// The light's view-projection times the caster's model matrix, multiplied once a draw on the
// CPU: one matrix-vector product a vertex and 16 uniform reads, where the two matrices were a
// matrix product a vertex and 32 reads (llvmpipe checks the bounds of each).
uniform mat4 uLightModel;
#ifdef MASKED
layout(location = 2) in vec2 aUV;
out vec2 vUV;
#endif

void main() {
#ifdef MASKED
    vUV = aUV;
#endif
    vec3 position = aPosition, normal = vec3(0.0, 0.0, 1.0), tangent = vec3(0.0);
    deform(position, normal, tangent);
    gl_Position = uLightModel * vec4(position, 1.0);
}
