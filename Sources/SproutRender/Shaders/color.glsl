// Colour helpers shared by the fragment shaders that write to the screen (prepended by the
// renderer to lit.frag and sky.frag): sRGB encoding and the tone mappers (TONE_MAP_ACES,
// TONE_MAP_NONE choose one; PBR Neutral otherwise).

// Linear -> sRGB (IEC 61966-2-1), clamped to 0...1. Above the linear toe, 1.055 c^(1/2.4) - 0.055
// as a degree-6 polynomial in sqrt(c) (weighted least squares on [0.0031308, 1]: within 0.04/255
// of the formula, 2.4 % of 8-bit values one level off), because llvmpipe's pow is exp2(log2(c))
// in polynomials of its own: the polynomial is 4 % of the default frame faster (issue 32).
vec3 encodeSRGB(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    vec3 t = sqrt(c);
    vec3 curve = (((((-0.94755081 * t + 3.41823373) * t - 5.00252714) * t + 3.89801142) * t - 1.89933622) * t + 1.57525060) * t - 0.04223098;
    return mix(c * 12.92, curve, step(0.0031308, c));
}

// Khronos PBR Neutral (2024): colours below 0.76 pass unchanged but for a small offset near
// black; brighter ones are compressed towards white without shifting hue.
vec3 toneMapPBRNeutral(vec3 color) {
    const float startCompression = 0.8 - 0.04;
    const float desaturation = 0.15;
    float x = min(color.r, min(color.g, color.b));
    float offset = x < 0.08 ? x - 6.25 * x * x : 0.04;
    color -= offset;
    float peak = max(color.r, max(color.g, color.b));
    if (peak < startCompression) return color;
    const float d = 1.0 - startCompression;
    float newPeak = 1.0 - d * d / (peak + d - startCompression);
    color *= newPeak / peak;
    float g = 1.0 - 1.0 / (desaturation * (peak - newPeak) + 1.0);
    return mix(color, vec3(newPeak), g);
}

// Stephen Hill's ACES filmic fit (RRT and ODT), as the Khronos sample viewer writes it, after its
// 1 / 0.6 exposure boost (three.js's ACESFilmic does the same).
vec3 toneMapACES(vec3 color) {
    const mat3 inputMatrix = mat3(0.59719, 0.07600, 0.02840, 0.35458, 0.90834, 0.13383, 0.04823, 0.01566, 0.83777);
    const mat3 outputMatrix = mat3(1.60475, -0.10208, -0.00327, -0.53108, 1.10813, -0.07276, -0.07367, -0.00605, 1.07602);
    color = inputMatrix * (color / 0.6);
    vec3 a = color * (color + 0.0245786) - 0.000090537;
    vec3 b = color * (0.983729 * color + 0.4329510) + 0.238081;
    return clamp(outputMatrix * (a / b), 0.0, 1.0);
}

// The view's tone mapper (RenderOptions.toneMapping).
vec3 toneMap(vec3 color) {
#if defined(TONE_MAP_ACES)
    return toneMapACES(color);
#elif defined(TONE_MAP_NONE)
    return clamp(color, 0.0, 1.0);
#else
    return toneMapPBRNeutral(color);
#endif
}
