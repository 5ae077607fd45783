// The lit shader's lights beyond the sun's BRDF: KHR_lights_punctual, light through a diffusely
// transmitting surface, and the sun's visibility from the shadow map.
#ifdef HAS_PUNCTUAL_LIGHTS
// KHR_lights_punctual (PunctualLight.budget of them at most). Colours arrive times intensity / pi:
// candela over d^2 (or lux) is an illuminance, and Sprout's BRDF is times pi.
const int PUNCTUAL_BUDGET = 8;
uniform int uPunctualCount;
uniform int uPunctualKind[PUNCTUAL_BUDGET];          // 0 directional, 1 point, 2 spot
uniform vec3 uPunctualPosition[PUNCTUAL_BUDGET];
uniform vec3 uPunctualDirection[PUNCTUAL_BUDGET];    // the way its light travels
uniform vec3 uPunctualColor[PUNCTUAL_BUDGET];
uniform float uPunctualRange[PUNCTUAL_BUDGET];       // 0: unlimited
uniform vec2 uPunctualCone[PUNCTUAL_BUDGET];         // spot: cos(angle) x scale + offset (the extension's)

// Punctual light i seen from the fragment: the direction towards it (unit) into `l`, and the
// share of its colour that arrives (distance, the range window, a spot's cone).
float punctualArrival(int i, out vec3 l) {
    l = -uPunctualDirection[i];
    float attenuation = 1.0;
    if (uPunctualKind[i] != 0) {
        vec3 toLight = uPunctualPosition[i] - vWorld;
        float d2 = max(dot(toLight, toLight), 1e-8);
        l = toLight * inversesqrt(d2);
        attenuation = 1.0 / d2;
        if (uPunctualRange[i] > 0.0) {
            // The extension's recommended window: clamp(1 - (d / range)^4, 0, 1).
            float ratio2 = d2 / (uPunctualRange[i] * uPunctualRange[i]);
            attenuation *= clamp(1.0 - ratio2 * ratio2, 0.0, 1.0);
        }
        if (uPunctualKind[i] == 2) {
            float cone = clamp(dot(uPunctualDirection[i], -l) * uPunctualCone[i].x + uPunctualCone[i].y, 0.0, 1.0);
            attenuation *= cone * cone;
        }
    }
    return attenuation;
}

vec3 punctualLights(vec3 n, vec3 v, vec3 diffuseColor, vec3 f0, float f90, float roughness, float anisotropy) {
    vec3 sum = vec3(0.0);
    for (int i = 0; i < uPunctualCount; i++) {
        vec3 l;
        float attenuation = punctualArrival(i, l);
        if (attenuation > 0.0) sum += surfaceResponse(n, v, l, diffuseColor, f0, f90, roughness, anisotropy) * uPunctualColor[i] * attenuation;
    }
    return sum;
}
#endif

#ifdef HAS_DIFFUSE_TRANSMISSION
// KHR_materials_diffuse_transmission's Lambert lobe through the surface, times pi and the back's
// n.l, for light arriving at the other side from l: less the dielectric's Fresnel term for the
// light mirrored to this side (the Khronos sample viewer's reading).
vec3 transmittedResponse(vec3 n, vec3 v, vec3 l, vec3 transmittedColor, vec3 f0, float f90) {
    float backNdl = max(-dot(n, l), 0.0);
    vec3 mirrored = l + 2.0 * backNdl * n;
    return transmittedColor * (1.0 - fresnelSchlick(f0, f90, max(dot(v, normalize(mirrored + v)), 0.0))) * backNdl;
}
#ifdef HAS_PUNCTUAL_LIGHTS
vec3 punctualTransmission(vec3 n, vec3 v, vec3 transmittedColor, vec3 f0, float f90) {
    vec3 sum = vec3(0.0);
    for (int i = 0; i < uPunctualCount; i++) {
        vec3 l;
        float attenuation = punctualArrival(i, l);
        if (attenuation > 0.0) sum += transmittedResponse(n, v, l, transmittedColor, f0, f90) * uPunctualColor[i] * attenuation;
    }
    return sum;
}
#endif
#endif

#ifdef HAS_SHADOWS
// One bilinear comparison tap (a 2x2 PCF, filtered by the sampler) on the 512-texel map: edges
// about as soft as the sun's penumbra at the scale of a plant, at a quarter of the four taps' cost.
float lightVisibility(float ndl) {
    vec3 p = vLightSpace.xyz / vLightSpace.w * 0.5 + 0.5;
    if (p.z >= 1.0) return 1.0;
    // Against acne: a constant and a slope term, in depth units, sized for the map's texels.
    float bias = 0.0015 + 0.003 * (1.0 - ndl);
    float depth = p.z - bias;
#ifdef HAS_NEAR_SHADOWS
    // The near map where it reaches, the whole scene's beyond, the two mixed over the near map's
    // last 4 texels (half a texel in from its edge, for its bilinear tap) so that a shadow
    // crossing the edge does not change its softness at a line. Both are read everywhere: as
    // branches, llvmpipe drew PalmTree's orbiting frames in 1.13 times the time. The near map's
    // texels are 1 / scale of the whole map's, and so is its bias: over a large ground the whole
    // map's would lift a small caster's shadow clean off (0.0015 of a 150 m depth range is 22 cm),
    // down to 4 steps of the 16-bit depth.
    vec2 q = p.xy * uNearShadowTransform.xy + uNearShadowTransform.zw;
    float halfSide = 0.5 * float(textureSize(uNearShadowMap, 0).x);
    vec2 reach = abs(q - 0.5) * (2.0 * halfSide);   // texels from the near map's centre
    float inside = halfSide - 0.5 - max(reach.x, reach.y);   // texels in from where its tap can reach
    float nearDepth = p.z - max(bias / uNearShadowTransform.x, 4.0 / 65536.0);
    float nearWeight = clamp(inside / 4.0, 0.0, 1.0);
    float visibility = mix(texture(uShadowMap, vec3(p.xy, depth)), texture(uNearShadowMap, vec3(q, nearDepth)), nearWeight);
#else
    float visibility = texture(uShadowMap, vec3(p.xy, depth));
#endif
#ifdef HAS_TRANSLUCENT_SHADOWS
    // Behind the nearest blended caster, what the blended casters let through.
    vec4 translucent = texture(uTranslucentShadowMap, p.xy);
    float through = depth > translucent.a ? translucent.r : 1.0;
#ifdef HAS_NEAR_SHADOWS
    // In the near part, its own layer; none when no blended caster reaches it.
#ifdef HAS_NEAR_TRANSLUCENT_SHADOWS
    vec4 nearTranslucent = texture(uNearTranslucentShadowMap, q);
    float nearThrough = nearDepth > nearTranslucent.a ? nearTranslucent.r : 1.0;
#else
    const float nearThrough = 1.0;
#endif
    through = mix(through, nearThrough, nearWeight);
#endif
    visibility *= through;
#endif
    return visibility;
}
#endif
