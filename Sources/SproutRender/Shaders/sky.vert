// One triangle over the whole viewport, at the far plane; no vertex buffer (gl_VertexID).
// What the fragment shader needs comes from here as varyings, not uniforms: llvmpipe checks the
// bounds of every uniform a fragment shader reads, once per 8 pixels, and the sky can cover
// every pixel (issue 32). The view ray is far.xyz - eye * far.w, the far plane's point in
// homogeneous coordinates less the eye: linear across the screen (the triangle lies at w = 1),
// so interpolating it is exact, and it points where the ray through the pixel goes (far.w > 0).
out vec3 vRay;
flat out vec3 vZenith;
flat out vec3 vHorizon;
flat out vec3 vGround;
flat out int vLinearOutput;

uniform mat4 uInverseViewProjection;
uniform vec4 uEye;   // the camera's position (w 1), or under parallel rays the way towards it (w 0)
uniform vec3 uZenith;
uniform vec3 uHorizon;
uniform vec3 uGround;
// 1 when drawing the environment probe: linear radiance out, not sRGB.
uniform int uLinearOutput;
#ifdef EQUIRECT
uniform float uEquirectLevel;   // the mip level whose texels match the target's
uniform float uIntensity;
uniform float uRotation;        // radians about +Y
uniform float uExposure;
flat out float vEquirectLevel;
flat out float vIntensity;
flat out float vExposure;
flat out vec2 vRotation;
#endif

void main() {
    vec2 ndc = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
    vec4 far = uInverseViewProjection * vec4(ndc, 1.0, 1.0);
    vRay = uEye.w == 0.0 ? -uEye.xyz : far.xyz - uEye.xyz * far.w;
    vZenith = uZenith;
    vHorizon = uHorizon;
    vGround = uGround;
    vLinearOutput = uLinearOutput;
#ifdef EQUIRECT
    vEquirectLevel = uEquirectLevel;
    vIntensity = uIntensity;
    vExposure = uExposure;
    vRotation = vec2(cos(uRotation), sin(uRotation));
#endif
    gl_Position = vec4(ndc, 1.0, 1.0);
}
