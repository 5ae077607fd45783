// Depth only: the colour is never read. MASKED: fragments below the material's alpha cutoff
// are cut away, as the lit shader cuts them.
#ifdef MASKED
in vec2 vUV;
uniform sampler2D uBaseColorMap;
uniform float uBaseAlpha;
uniform float uAlphaCutoff;
#endif

void main() {
#ifdef MASKED
    if (uBaseAlpha * texture(uBaseColorMap, vUV).a < uAlphaCutoff) discard;
#endif
}
