// The stage's sky: a gradient by the view direction's height (Sky.color(along:) in Swift).
// EQUIRECT: an HDR environment instead (EnvironmentLight), looked up along the view direction
// turned by its rotation, in HDRImage's convention; tone-mapped unless drawn into the probe.
in vec2 vNDC;
out vec4 oColor;

uniform mat4 uInverseViewProjection;
uniform vec3 uEye;
uniform vec3 uZenith;
uniform vec3 uHorizon;
uniform vec3 uGround;
// 1 when drawing the environment probe: linear radiance out, not sRGB.
uniform int uLinearOutput;
#ifdef EQUIRECT
const float PI = 3.14159265;
uniform sampler2D uEquirect;
uniform float uEquirectLevel;   // the mip level whose texels match the target's
uniform float uIntensity;
uniform float uRotation;        // radians about +Y
uniform float uExposure;
#endif

void main() {
    vec4 far = uInverseViewProjection * vec4(vNDC, 1.0, 1.0);
    vec3 d = normalize(far.xyz / far.w - uEye);
#ifdef EQUIRECT
    float c = cos(uRotation), s = sin(uRotation);
    vec3 e = vec3(c * d.x - s * d.z, d.y, s * d.x + c * d.z);
    vec2 uv = vec2(0.5 + atan(e.z, e.x) / (2.0 * PI), acos(clamp(e.y, -1.0, 1.0)) / PI);
    vec3 radiance = textureLod(uEquirect, uv, uEquirectLevel).rgb * uIntensity;
    oColor = vec4(uLinearOutput == 1 ? radiance : encodeSRGB(toneMap(radiance * uExposure)), 1.0);
#else
    vec3 c = d.y >= 0.0 ? mix(uHorizon, uZenith, sqrt(d.y)) : mix(uHorizon, uGround, sqrt(min(1.0, -d.y * 4.0)));
    oColor = vec4(uLinearOutput == 1 ? c : encodeSRGB(c), 1.0);
#endif
}
