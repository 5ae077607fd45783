// Colour helpers shared by the fragment shaders that write to the screen (prepended by the
// renderer to lit.frag and sky.frag).

// Linear -> sRGB (IEC 61966-2-1), clamped to 0...1.
vec3 encodeSRGB(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}
