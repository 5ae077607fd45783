// The lit shader's layers over the base: KHR_materials_sheen's fibres and KHR_materials_clearcoat's
// clear coat, each reflecting its own light and taking its share from the light below.
#ifdef HAS_SHEEN
// KHR_materials_sheen over the layers above: the fibres reflect their colour times their
// response (the sun) or their albedo E (the environment: exact for a uniform one, the
// probe's diffuse level otherwise), and the layer below keeps 1 - max(colour) E of its light.
// `sheenLight` is the light from all around (the environment's irradiance, or the ambient).
void addSheen(vec3 n, vec3 v, float ndv, float visibility, vec3 sheenLight, inout vec3 direct, inout vec3 environment) {
    vec3 sheenColor = uSheenColor;
#ifdef HAS_SHEEN_COLOR_MAP
    sheenColor *= texture(uSheenColorMap, slotUV(8)).rgb;
#endif
    float sheenRoughness = uSheenRoughness;
#ifdef HAS_SHEEN_ROUGHNESS_MAP
    sheenRoughness *= texture(uSheenRoughnessMap, slotUV(9)).a;
#endif
    sheenRoughness = max(sheenRoughness, 0.07);
    float sheenE = sheenAlbedo(ndv, sheenRoughness);
    float sheenScaling = 1.0 - max(sheenColor.r, max(sheenColor.g, sheenColor.b)) * sheenE;
    direct = direct * sheenScaling + sheenColor * sheenResponse(n, v, ndv, uToLight, sheenRoughness) * visibility * uLightColor;
#ifdef HAS_PUNCTUAL_LIGHTS
    for (int i = 0; i < uPunctualCount; i++) {
        vec3 l;
        float attenuation = punctualArrival(i, l);
        if (attenuation > 0.0) direct += sheenColor * sheenResponse(n, v, ndv, l, sheenRoughness) * uPunctualColor[i] * attenuation;
    }
#endif
    environment = environment * sheenScaling + sheenColor * sheenE * sheenLight;
}
#endif

#ifdef HAS_CLEARCOAT
// KHR_materials_clearcoat: a clear layer (F0 0.04) on the geometric normal, or its own normal
// map's, lets through what its Fresnel term does not reflect, emission included, and adds
// its own specular lobes.
// It takes its share from what lies under it (`direct`, `environment`, `emissive`).
void addClearcoat(vec3 geometricNormal, vec3 v, float visibility, inout vec3 direct, inout vec3 environment, inout vec3 emissive) {
    float coat = uClearcoat;
#ifdef HAS_CLEARCOAT_MAP
    coat *= texture(uClearcoatMap, slotUV(6)).r;
#endif
    float coatRoughness = uClearcoatRoughness;
#ifdef HAS_CLEARCOAT_ROUGHNESS_MAP
    coatRoughness *= texture(uClearcoatRoughnessMap, slotUV(7)).g;
#endif
#ifdef HAS_IRIDESCENCE
    gIridescence = 0.0;   // the coat has no film
#endif
    vec3 coatNormal = geometricNormal;
#ifdef HAS_CLEARCOAT_NORMAL_MAP
    float coatSpread;
    coatNormal = perturbedNormal(uClearcoatNormalMap, uClearcoatNormalScale, coatNormal, vWorld, slotUV(12), coatSpread);
    coatRoughness = widenedRoughness(coatRoughness, coatSpread);
#endif
    float coatNdv = max(dot(coatNormal, v), 1e-4);
    float coatFresnel = fresnelSchlick(vec3(0.04), 1.0, coatNdv).x;
    float coatNdl = max(dot(coatNormal, uToLight), 0.0);
    vec3 coatLight = surfaceResponse(coatNormal, v, uToLight, vec3(0.0), vec3(0.04), 1.0, coatRoughness, 0.0)
        * (coatNdl > 0.0 ? visibility : 0.0) * uLightColor;
#ifdef HAS_PUNCTUAL_LIGHTS
    coatLight += punctualLights(coatNormal, v, vec3(0.0), vec3(0.04), 1.0, coatRoughness, 0.0);
#endif
    vec2 coatAB = environmentBRDF(coatRoughness, coatNdv);
#ifdef HAS_CLEARCOAT_NORMAL_MAP
    float coatHorizon = horizonFade(reflect(-v, coatNormal), geometricNormal);
#else
    const float coatHorizon = 1.0;
#endif
#ifdef HAS_ENVIRONMENT
    coatLight += uEnvironmentScale * (0.04 * coatAB.x + coatAB.y) * coatHorizon * textureLod(uEnvironment, reflect(-v, coatNormal), reflectionLevel(coatRoughness, uEnvironmentLevels - 1.0)).rgb;
#else
    coatLight += uAmbient * (0.04 * coatAB.x + coatAB.y) * coatHorizon;
#endif
    float underCoat = 1.0 - coat * coatFresnel;
    direct = direct * underCoat + coat * coatLight;
    environment *= underCoat;
    emissive *= underCoat;
}
#endif
