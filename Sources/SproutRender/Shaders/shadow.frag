// Depth only: the colour is never read. MASKED: fragments below the material's alpha cutoff
// are cut away, as the lit shader cuts them. A blended material (uAlphaCutoff < 0) is cut against
// an ordered 4 x 4 dither instead, so a surface of alpha a blocks about a of the light once the
// lit shader's filtered taps average the pattern: labels cast full shadows, clear glass none.
#ifdef MASKED
in vec2 vUV;
uniform sampler2D uBaseColorMap;
uniform int uTextured;
uniform mat3 uUVTransform;
uniform float uBaseAlpha;
uniform float uAlphaCutoff;

// Bayer's 4 x 4 ordered-dither thresholds (0 to 15).
const float bayer[16] = float[16](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0,
                                  3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);
#endif

void main() {
#ifdef MASKED
    float alpha = uBaseAlpha;
    if (uTextured != 0) alpha *= texture(uBaseColorMap, (uUVTransform * vec3(vUV, 1.0)).xy).a;
    float cutoff = uAlphaCutoff;
    if (cutoff < 0.0) {
        ivec2 cell = ivec2(gl_FragCoord.xy) & 3;
        cutoff = (bayer[cell.y * 4 + cell.x] + 0.5) / 16.0;
    }
    if (alpha < cutoff) discard;
#endif
}
