// Depth only: the colour is never read. MASKED: fragments below the material's alpha cutoff
// are cut away, as the lit shader cuts them (with HAS_COVERAGE_MAP, those covering less than
// half their pixel, coverage.glsl, which is joined before this file). TRANSLUCENT (blended casters, drawn into the map's
// translucent layer with MASKED's inputs): the share of light the surface lets through is
// multiplied into the layer's red (the blend: destination x (1 - source)) and its depth kept where
// it is the nearest (alpha, blended by MIN), so a surface of alpha a blocks a of the light from
// what lies behind it: labels cast full shadows, clear glass none.
#ifdef MASKED
in vec2 vUV;
uniform sampler2D uBaseColorMap;
uniform int uTextured;
uniform mat3 uUVTransform;
uniform float uBaseAlpha;
uniform float uAlphaCutoff;
#endif
#ifdef TRANSLUCENT
out vec4 oTranslucent;
#endif

void main() {
#if defined(MASKED) && defined(HAS_COVERAGE_MAP)
    vec2 uv = (uUVTransform * vec3(vUV, 1.0)).xy;
    if (maskCoverage(texture(uBaseColorMap, uv).a, uBaseAlpha, uAlphaCutoff, uv * vec2(textureSize(uBaseColorMap, 0))) < 0.5) discard;
#elif defined(MASKED)
    float alpha = uBaseAlpha;
    if (uTextured != 0) alpha *= texture(uBaseColorMap, (uUVTransform * vec3(vUV, 1.0)).xy).a;
#ifdef TRANSLUCENT
    oTranslucent = vec4(vec3(clamp(alpha, 0.0, 1.0)), gl_FragCoord.z);
#else
    if (alpha < uAlphaCutoff) discard;
#endif
#endif
}
