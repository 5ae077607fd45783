// The stage's sky: a gradient by the view direction's height (Sky.color(along:) in Swift).
// EQUIRECT: an HDR environment instead (EnvironmentLight), looked up along the view direction
// turned by its rotation, in HDRImage's convention; tone-mapped unless drawn into the probe.
// The view ray through the pixel, the gradient's colours and whether to write linear radiance
// come from sky.vert (varyings, not uniforms: see there).
in vec3 vRay;
flat in vec3 vZenith;
flat in vec3 vHorizon;
flat in vec3 vGround;
flat in int vLinearOutput;
out vec4 oColor;
#ifdef PREFILTER
// The probe's GGX prefilter (Karis 2013, with filtered importance sampling, Colbert and Krivanek
// 2007): each texel of a level the radiance around its direction weighted by the GGX lobe of
// that level's roughness, taking n = v = r; samples read the source's mip level whose texels
// match the solid angle each stands for, so 64 samples give no speckle.
const float PI = 3.14159265;
uniform samplerCube uSource;
uniform float uRoughness;
uniform float uSourceSize;   // texels along a face of the source's level 0

float radicalInverse(uint bits) {
    bits = (bits << 16u) | (bits >> 16u);
    bits = ((bits & 0x55555555u) << 1u) | ((bits & 0xAAAAAAAAu) >> 1u);
    bits = ((bits & 0x33333333u) << 2u) | ((bits & 0xCCCCCCCCu) >> 2u);
    bits = ((bits & 0x0F0F0F0Fu) << 4u) | ((bits & 0xF0F0F0F0u) >> 4u);
    bits = ((bits & 0x00FF00FFu) << 8u) | ((bits & 0xFF00FF00u) >> 8u);
    return float(bits) * 2.3283064365386963e-10;
}

vec3 prefiltered(vec3 n) {
    const uint count = 64u;
    float a = max(uRoughness * uRoughness, 1e-4), a2 = a * a;
    vec3 up = abs(n.y) < 0.999 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
    vec3 t = normalize(cross(up, n)), b = cross(n, t);
    float texelAngle = 4.0 * PI / (6.0 * uSourceSize * uSourceSize);
    vec3 sum = vec3(0.0);
    float weight = 0.0;
    for (uint i = 0u; i < count; i++) {
        vec2 xi = vec2(float(i) / float(count), radicalInverse(i));
        float phi = 2.0 * PI * xi.x;
        float cosTheta = sqrt((1.0 - xi.y) / (1.0 + (a2 - 1.0) * xi.y));
        float sinTheta = sqrt(1.0 - cosTheta * cosTheta);
        vec3 h = t * (sinTheta * cos(phi)) + b * (sinTheta * sin(phi)) + n * cosTheta;
        vec3 l = 2.0 * dot(n, h) * h - n;
        float ndl = dot(n, l);
        if (ndl <= 0.0) continue;
        // pdf of l with n = v: D(h) / 4.
        float dd = cosTheta * cosTheta * (a2 - 1.0) + 1.0;
        float pdf = a2 / (PI * dd * dd) / 4.0;
        float level = max(0.5 * log2(1.0 / (float(count) * pdf * texelAngle)) + 1.0, 0.0);
        sum += textureLod(uSource, l, level).rgb * ndl;
        weight += ndl;
    }
    return sum / max(weight, 1e-6);
}
#endif
#ifdef EQUIRECT
const float PI = 3.14159265;
uniform sampler2D uEquirect;
// The mip level whose texels match the target's, the intensity, the exposure, and the cosine and
// sine of the rotation about +Y: sky.vert's uniforms, handed on.
flat in float vEquirectLevel;
flat in float vIntensity;
flat in float vExposure;
flat in vec2 vRotation;
#endif

void main() {
    vec3 d = normalize(vRay);
#if defined(PREFILTER)
    oColor = vec4(prefiltered(d), 1.0);
#elif defined(EQUIRECT)
    float c = vRotation.x, s = vRotation.y;
    vec3 e = vec3(c * d.x - s * d.z, d.y, s * d.x + c * d.z);
    vec2 uv = vec2(0.5 + atan(e.z, e.x) / (2.0 * PI), acos(clamp(e.y, -1.0, 1.0)) / PI);
    vec3 radiance = textureLod(uEquirect, uv, vEquirectLevel).rgb * vIntensity;
    oColor = vec4(vLinearOutput == 1 ? radiance : encodeSRGB(toneMap(radiance * vExposure)), 1.0);
#else
    vec3 c = d.y >= 0.0 ? mix(vHorizon, vZenith, sqrt(d.y)) : mix(vHorizon, vGround, sqrt(min(1.0, -d.y * 4.0)));
    oColor = vec4(vLinearOutput == 1 ? c : encodeSRGB(c), 1.0);
#endif
}
