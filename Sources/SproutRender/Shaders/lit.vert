// Lit surfaces: world-space position and normal for the fragment shader.
// The renderer prepends "#version 330 core", the variant's #defines and deform.glsl.
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec2 aUV;

uniform mat4 uViewProjection;
uniform mat4 uModel;
uniform mat3 uNormalMatrix;
uniform vec4 uEye;   // the camera's position (w 1), or under parallel rays the way towards it (w 0)

out vec3 vWorld;
// From the surface towards the eye (not unit). Affine in the position, so interpolating it loses
// nothing, and the fragment shader reads no uEye: llvmpipe checks the bounds of every uniform a
// fragment shader reads, once per 8 fragments (issue 32, BENCHMARKS.md).
out vec3 vView;
out vec3 vNormal;
out vec2 vUV;
#ifdef HAS_VERTEX_COLOR
layout(location = 3) in vec4 aColor;
out vec4 vColor;
#endif
#ifdef HAS_UV_MAPPING
// Absent from a mesh without a second set: then the attribute reads (0, 0) and no texture asks for it.
layout(location = 4) in vec2 aUV1;
out vec2 vUV1;
#endif
#ifdef HAS_SHADOWS
uniform mat4 uLightViewProjection;
out vec4 vLightSpace;
#endif
#ifdef HAS_TANGENTS
// glTF TANGENT: xyz along +u, w the bitangent's sign. Both are carried as vectors through the
// model matrix, so a mirroring transform mirrors the frame with the surface.
layout(location = 5) in vec4 aTangent;
out vec3 vTangent;
out vec3 vBitangent;
#endif

void main() {
    vec3 position = aPosition, normal = aNormal;
#ifdef HAS_TANGENTS
    vec3 tangent = aTangent.xyz;
#else
    vec3 tangent = vec3(0.0);
#endif
    deform(position, normal, tangent);
    vec4 world = uModel * vec4(position, 1.0);
    vWorld = world.xyz;
    vView = uEye.xyz - world.xyz * uEye.w;
    vNormal = uNormalMatrix * normal;
    vUV = aUV;
#ifdef HAS_VERTEX_COLOR
    vColor = aColor;
#endif
#ifdef HAS_UV_MAPPING
    vUV1 = aUV1;
#endif
#ifdef HAS_SHADOWS
    vLightSpace = uLightViewProjection * world;
#endif
#ifdef HAS_TANGENTS
    vTangent = mat3(uModel) * tangent;
    vBitangent = mat3(uModel) * (cross(normal, tangent) * aTangent.w);
#endif
    gl_Position = uViewProjection * world;
}
