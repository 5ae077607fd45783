// One directional light + ambient. Lambert diffuse and a normalised Blinn-Phong lobe whose
// exponent follows glTF roughness; Schlick-free F0 mix for metals. Cheap enough for llvmpipe,
// and it keeps thin two-sided leaves lit from both sides (the normal follows the visible face).
// Output is sRGB-encoded here, so the same shader serves the window and offscreen targets.
in vec3 vWorld;
in vec3 vNormal;
in vec2 vUV;
out vec4 oColor;

uniform vec4 uBaseColor;
uniform float uMetallic;
uniform float uRoughness;
uniform vec3 uToLight;
uniform vec3 uLightColor;
uniform float uAmbient;
uniform vec3 uEye;
#ifdef HAS_BASE_COLOR_TEXTURE
uniform sampler2D uBaseColorMap;
#endif
#ifdef HAS_SHADOWS
in vec4 vLightSpace;
uniform sampler2DShadow uShadowMap;
uniform float uShadowTexel;
#endif

vec3 encodeSRGB(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}

#ifdef HAS_SHADOWS
// Four bilinear comparison taps (each a 2x2 PCF): soft edges that ground objects.
float lightVisibility(float ndl) {
    vec3 p = vLightSpace.xyz / vLightSpace.w * 0.5 + 0.5;
    if (p.z >= 1.0) return 1.0;
    float bias = 0.0015 + 0.003 * (1.0 - ndl);
    float o = uShadowTexel;
    float v = texture(uShadowMap, vec3(p.xy + vec2(-o, -o), p.z - bias))
            + texture(uShadowMap, vec3(p.xy + vec2(o, -o), p.z - bias))
            + texture(uShadowMap, vec3(p.xy + vec2(-o, o), p.z - bias))
            + texture(uShadowMap, vec3(p.xy + vec2(o, o), p.z - bias));
    return v * 0.25;
}
#endif

void main() {
    vec4 base = uBaseColor;
#ifdef HAS_BASE_COLOR_TEXTURE
    base *= texture(uBaseColorMap, vUV);
#endif
#ifdef UNLIT
    oColor = vec4(encodeSRGB(base.rgb), base.a);
#else
    vec3 n = normalize(vNormal);
    if (!gl_FrontFacing) n = -n;
    vec3 v = normalize(uEye - vWorld);
    vec3 h = normalize(uToLight + v);
    float ndl = max(dot(n, uToLight), 0.0);
    float r2 = uRoughness * uRoughness;
    float shininess = clamp(2.0 / max(r2 * r2, 1e-4) - 2.0, 1.0, 2048.0);
    vec3 f0 = mix(vec3(0.04), base.rgb, uMetallic);
    vec3 diffuse = base.rgb * (1.0 - uMetallic);
    vec3 specular = f0 * ((shininess + 8.0) / 8.0) * pow(max(dot(n, h), 0.0), shininess);
    float visibility = 1.0;
#ifdef HAS_SHADOWS
    // Facing away from the light, the shadow cannot matter (it multiplies ndl = 0): skip the taps.
    if (ndl > 0.0) visibility = lightVisibility(ndl);
#endif
    vec3 color = base.rgb * uAmbient + (diffuse + specular) * ndl * visibility * uLightColor;
    oColor = vec4(encodeSRGB(color), base.a);
#endif
}
