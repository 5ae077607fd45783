// One directional light + ambient, and up to PUNCTUAL_BUDGET punctual lights (HAS_PUNCTUAL_LIGHTS,
// unshadowed). Realistic shading (the default) is glTF 2.0's
// metallic-roughness BRDF (spec Appendix B: GGX distribution, height-correlated Smith-GGX
// visibility, Schlick Fresnel) for the sun, the ambient light as a uniform environment through
// the split-sum approximation (Karis's analytic environment BRDF, so a white dielectric under a
// white environment reflects exactly it: the furnace test), then exposure and the Khronos PBR
// Neutral tone mapper. SIMPLE_SHADING is the cheaper model from before: Lambert plus a
// normalised Blinn-Phong lobe, no tone mapping. Lights are in units where a white Lambert
// surface square to a light of intensity 1 reflects 1 (the BRDF times pi). Thin two-sided leaves
// are lit from both sides (the normal follows the visible face). Output is sRGB-encoded here,
// so the same shader serves the window and offscreen targets; unlit markers keep their exact colour, unlit
// materials from files (UNLIT_TONE_MAPPED) go through exposure and the tone mapper as viewers draw them.
// The shader's functions are in the files ShaderLibrary.litFragmentFiles puts before this one.

void main() {
#ifdef VOLUME_BACK_FACES
    // A volume's back face: its outward normal (its depth goes to the depth texture), for
    // refractedRead to trace through.
    oColor = vec4(normalize(vNormal) * 0.5 + 0.5, 1.0);
    return;
#endif
    vec4 base = uBaseColor;
#if defined(HAS_COVERAGE_MAP)
    // The texture's alpha is turned into the share of the pixel covered (coverage.glsl).
    vec4 texel = texture(uBaseColorMap, slotUV(0));
    base = vec4(base.rgb * texel.rgb, maskCoverage(texel.a, base.a, uAlphaCutoff, slotUV(0) * vec2(textureSize(uBaseColorMap, 0))));
#elif defined(HAS_BASE_COLOR_TEXTURE)
    base *= texture(uBaseColorMap, slotUV(0));
#endif
#ifdef HAS_VERTEX_COLOR
    base *= vColor;
#endif
#ifdef ALPHA_CUT
    {
#if defined(ALPHA_TO_COVERAGE) && defined(HAS_COVERAGE_MAP)
        if (base.a <= 0.0) discard;
#elif defined(ALPHA_TO_COVERAGE)
        // The cut spread over one pixel around the cutoff (Golus, "Anti-aliased Alpha Test"): the
        // samples covered follow how much of the pixel lies inside, as a path tracer's average would.
        base.a = clamp((base.a - uAlphaCutoff) / max(fwidth(base.a), 1e-4) + 0.5, 0.0, 1.0);
        if (base.a <= 0.0) discard;
#elif defined(HAS_COVERAGE_MAP)
        if (base.a < 0.5) discard;
        base.a = 1.0;
#else
        if (base.a < uAlphaCutoff) discard;
        base.a = 1.0;
#endif
    }
#elif !defined(ALPHA_BLEND)
    // glTF alphaMode OPAQUE: the alpha of colour and texture is ignored, the output's is 1.
    base.a = 1.0;
#endif
#if defined(UNLIT) && defined(LINEAR_OUTPUT)
    oColor = base;
#elif defined(UNLIT) && defined(UNLIT_TONE_MAPPED)
    oColor = vec4(encodeSRGB(toneMap(base.rgb * uExposure)), base.a);
#elif defined(UNLIT)
    oColor = vec4(encodeSRGB(base.rgb), base.a);
#else
    // The interpolated normal, facing the viewer: the clear coat's, and the horizon a normal
    // map's reflections keep to.
    vec3 geometricNormal = normalize(vNormal);
    if (!gl_FrontFacing) geometricNormal = -geometricNormal;
    vec3 n = geometricNormal;
#ifdef HAS_NORMAL_MAP
    float normalSpread;
    n = perturbedNormal(uNormalMap, uNormalScale, n, vWorld, slotUV(2), normalSpread);
#endif
    vec3 v = normalize(vView);
    float ndl = max(dot(n, uToLight), 0.0);
    float visibility = 1.0;
#ifdef HAS_SHADOWS
    // Facing away from the light, the shadow cannot matter (it multiplies ndl = 0): skip the taps.
    if (ndl > 0.0) visibility = lightVisibility(ndl);
#endif
    float metallic = uMetallic;
    float roughness = uRoughness;
#ifdef HAS_METALLIC_ROUGHNESS_MAP
    vec4 metalRough = texture(uMetallicRoughnessMap, slotUV(1));
#ifdef HAS_GLOSSINESS_MAP
    // KHR_materials_pbrSpecularGlossiness: glossiness in alpha, times its factor (1 - uRoughness).
    roughness = 1.0 - (1.0 - roughness) * metalRough.a;
#else
    // glTF: metalness in blue, roughness in green, each times its factor.
    metallic *= metalRough.b;
    roughness *= metalRough.g;
#endif
#endif
#ifdef HAS_NORMAL_MAP
    // A minified normal map's bumps widen the highlight they no longer resolve (normals.glsl).
    roughness = widenedRoughness(roughness, normalSpread);
#endif
#ifdef HAS_EMISSION
    vec3 emissive = uEmissive;
#ifdef HAS_EMISSIVE_MAP
    emissive *= texture(uEmissiveMap, slotUV(4)).rgb;
#endif
#else
    vec3 emissive = vec3(0.0);
#endif
    // KHR_materials_specular weighs the dielectric's Fresnel term (F0 and F90 alike); a metal keeps its own.
#ifdef HAS_DIELECTRIC_SPECULAR
    float specularWeight = uSpecularWeight;
    vec3 dielectricF0 = uDielectricF0;
#ifdef HAS_SPECULAR_MAP
    specularWeight *= texture(uSpecularMap, slotUV(10)).a;
#endif
#ifdef HAS_SPECULAR_COLOR_MAP
    // The extension's min(F0 x specular colour, 1): the factor's part is in uDielectricF0 already.
    dielectricF0 = min(dielectricF0 * texture(uSpecularColorMap, slotUV(11)).rgb, vec3(1.0));
#endif
    float f90 = mix(specularWeight, 1.0, metallic);
    vec3 f0 = mix(dielectricF0 * specularWeight, base.rgb, metallic);
#else
    // glTF's defaults (ior 1.5, no specular extension), folded into constants.
    const float f90 = 1.0;
    vec3 f0 = mix(vec3(0.04), base.rgb, metallic);
#endif
    vec3 diffuseColor = base.rgb * (1.0 - metallic);
#ifdef HAS_TRANSMISSION
    // KHR_materials_transmission, thin-walled: the transmitted share leaves the diffuse lobe
    // and lets the light behind through, tinted by the base colour (no refraction).
    float transmission = uTransmission * (1.0 - metallic);
#ifdef HAS_TRANSMISSION_MAP
    transmission *= texture(uTransmissionMap, slotUV(5)).r;
#endif
    diffuseColor *= 1.0 - transmission;
#endif
#ifdef HAS_DIFFUSE_TRANSMISSION
    // KHR_materials_diffuse_transmission, thin-walled: that share of the diffuse lobe passes
    // through instead (Lambert, in its own colour), so light arriving at the other side comes
    // through too, less the dielectric's Fresnel term for the light mirrored to this side (the
    // Khronos sample viewer's reading).
    float diffuseTransmission = uDiffuseTransmission;
#ifdef HAS_DIFFUSE_TRANSMISSION_MAP
    diffuseTransmission *= texture(uDiffuseTransmissionMap, slotUV(14)).a;
#endif
    vec3 transmittedColor = uDiffuseTransmissionColor * diffuseTransmission * (1.0 - metallic);
#ifdef HAS_DIFFUSE_TRANSMISSION_COLOR_MAP
    transmittedColor *= texture(uDiffuseTransmissionColorMap, slotUV(15)).rgb;
#endif
#ifdef HAS_TRANSMISSION
    transmittedColor *= 1.0 - transmission;
#endif
    diffuseColor *= 1.0 - diffuseTransmission;
#endif
#ifdef HAS_IRIDESCENCE
    gIridescence = uIridescence.x;
#ifdef HAS_IRIDESCENCE_MAP
    gIridescence *= texture(uIridescenceMap, slotUV(17)).r;
#endif
#ifdef HAS_IRIDESCENCE_THICKNESS_MAP
    float filmThickness = mix(uIridescence.z, uIridescence.w, texture(uIridescenceThicknessMap, slotUV(18)).g);
#else
    float filmThickness = uIridescence.w;
#endif
    gIridescenceFresnel = iridescenceFresnel(uIridescence.y, max(dot(n, v), 1e-4), filmThickness, f0);
#endif
#ifdef HAS_ANISOTROPY
    // The direction: (cos r, sin r) of the rotation, or the texture's (red, green) turned by it;
    // the strength times the texture's blue.
    vec2 anisotropyDirection = uAnisotropy.xy;
    float anisotropy = uAnisotropy.z;
#ifdef HAS_ANISOTROPY_MAP
    vec3 anisotropySample = texture(uAnisotropyMap, slotUV(16)).rgb;
    anisotropyDirection = mat2(uAnisotropy.x, uAnisotropy.y, -uAnisotropy.y, uAnisotropy.x) * (anisotropySample.rg * 2.0 - 1.0);
    anisotropy *= anisotropySample.b;
#endif
    vec3 along = tangentFrame(n, vWorld, vUV) * vec3(anisotropyDirection, 0.0);
    gAnisotropicT = normalize(along - n * dot(n, along) + vec3(1e-12));
    gAnisotropicB = normalize(cross(n, gAnisotropicT));
#else
    const float anisotropy = 0.0;
#endif
    vec3 direct = surfaceResponse(n, v, uToLight, diffuseColor, f0, f90, roughness, anisotropy) * visibility * uLightColor;
#ifdef HAS_DIFFUSE_TRANSMISSION
    float backNdl = max(-dot(n, uToLight), 0.0);
    if (backNdl > 0.0) {
        float backVisibility = 1.0;
#ifdef HAS_SHADOWS
        backVisibility = lightVisibility(backNdl);
#endif
        direct += transmittedResponse(n, v, uToLight, transmittedColor, f0, f90) * backVisibility * uLightColor;
    }
#ifdef HAS_PUNCTUAL_LIGHTS
    direct += punctualTransmission(n, v, transmittedColor, f0, f90);
#endif
#endif
#ifdef HAS_PUNCTUAL_LIGHTS
    direct += punctualLights(n, v, diffuseColor, f0, f90, roughness, anisotropy);
#endif
#ifdef SIMPLE_SHADING
    vec3 color = base.rgb * uAmbient + direct + emissive;
#else
    float ndv = max(dot(n, v), 1e-4);
    vec2 ab = environmentBRDF(roughness, ndv);
    vec3 specularEnvironment = f0 * ab.x + f90 * ab.y;
#ifdef HAS_NORMAL_MAP
    float horizon = horizonFade(reflect(-v, n), geometricNormal);
#else
    const float horizon = 1.0;
#endif
#ifdef HAS_IRIDESCENCE
    // The film's Fresnel term in place of the split sum's F0 (its scale and bias kept).
    specularEnvironment = mix(specularEnvironment, gIridescenceFresnel * ab.x + ab.y, gIridescence);
#endif
#ifdef HAS_TRANSMISSION
    vec3 behind = lightBehind(base.rgb, transmission, specularEnvironment, roughness, n, v);
#endif
#ifdef HAS_ENVIRONMENT
    // Diffuse light from the environment's irradiance harmonics along the normal (the probe's,
    // or the HDR image's), reflections from the probe's level the roughness calls for.
    float top = uEnvironmentLevels - 1.0;
    vec3 irradiance = max(irradianceSH(n), vec3(0.0));
#ifdef HAS_ANISOTROPY
    // The reflection along a normal bent towards the anisotropy (the Khronos sample viewer's).
    vec3 anisotropicNormal = cross(cross(gAnisotropicB, v), gAnisotropicB);
    float bend = 1.0 - anisotropy * (1.0 - roughness);
    bend *= bend;
    vec3 reflectionNormal = normalize(mix(anisotropicNormal, n, bend * bend));
#else
    vec3 reflectionNormal = n;
#endif
#ifdef REFLECTIONS_FROM_SH
    // A rough surface under a stage's probe: its reflection from the harmonics, closer to the
    // GGX-prefiltered light from roughness 0.55 up than the probe's levels were (EnvironmentProbe).
    vec3 reflected = max(reflectionSH(reflect(-v, reflectionNormal), roughness), vec3(0.0));
#else
    vec3 reflected = textureLod(uEnvironment, reflect(-v, reflectionNormal), reflectionLevel(roughness, top)).rgb;
#endif
    vec3 environment = uEnvironmentScale * ((1.0 - specularEnvironment) * diffuseColor * irradiance + specularEnvironment * reflected * horizon);
#ifdef HAS_DIFFUSE_TRANSMISSION
    // What arrives at the other side, from the environment behind it.
    vec3 irradianceBehind = max(irradianceSH(-n), vec3(0.0));
    environment += uEnvironmentScale * (1.0 - specularEnvironment) * transmittedColor * irradianceBehind;
#endif
#else
    vec3 environment = uAmbient * ((1.0 - specularEnvironment) * diffuseColor + specularEnvironment * horizon);
#ifdef HAS_DIFFUSE_TRANSMISSION
    environment += uAmbient * (1.0 - specularEnvironment) * transmittedColor;   // a uniform ambient arrives behind alike
#endif
#endif
#ifdef HAS_SHEEN
#ifdef HAS_ENVIRONMENT
    addSheen(n, v, ndv, visibility, uEnvironmentScale * irradiance, direct, environment);
#else
    addSheen(n, v, ndv, visibility, vec3(uAmbient), direct, environment);
#endif
#endif
#ifdef HAS_OCCLUSION_MAP
    // glTF: occlusion darkens the indirect light only.
    environment *= 1.0 + uOcclusionStrength * (texture(uOcclusionMap, slotUV(3)).r - 1.0);
#endif
#ifdef HAS_CLEARCOAT
    addClearcoat(geometricNormal, v, visibility, direct, environment, emissive);
#endif
#ifdef LINEAR_OUTPUT
    vec3 color = direct + environment + emissive;
#else
    vec3 color = toneMap(direct + environment + emissive);   // exposed already (lit-inputs.glsl)
#endif
#endif
#ifdef LINEAR_OUTPUT
    oColor = vec4(color, base.a);
#else
    oColor = vec4(encodeSRGB(color), base.a);
#endif
#ifdef HAS_TRANSMISSION
    oColor.rgb += behind;
#endif
#endif
}
