// Alpha-cut (glTF MASK) surfaces whose base colour texture is read through a coverage map
// (HAS_COVERAGE_MAP; GPUTexture's `cut`): level 0 holds the texture as stored, each smaller
// level the share of the texels under it that the cut keeps (kept texels' alpha 1, the others'
// 0, averaged), coloured by the kept ones alone. Averaging the alpha itself would say otherwise:
// a region of alpha 0.5 under a cutoff of 0.25 is wholly kept, and a thin opaque frame beside
// cut-away texels would be coloured by them.

// How much of the pixel the surface covers, 0...1, from the texture's alpha as sampled at
// `texelPosition` (texture coordinates times level 0's size). Magnified, the stored alpha times
// the factor is cut at the cutoff with the edge spread over one pixel (Golus, "Anti-aliased
// Alpha Test"), as before coverage maps; minified by a level or more, the sample is the kept
// share itself, what a path tracer's average over the pixel gives; in between, the two are
// mixed by the level.
float maskCoverage(float sampled, float alphaFactor, float cutoff, vec2 texelPosition) {
    vec2 dx = dFdx(texelPosition), dy = dFdy(texelPosition);
    // The level OpenGL's sampler chooses: log2 of the footprint's longer side in texels.
    float level = 0.5 * log2(max(max(dot(dx, dx), dot(dy, dy)), 1e-8));
    float alpha = sampled * alphaFactor;
    float edge = clamp((alpha - cutoff) / max(fwidth(alpha), 1e-4) + 0.5, 0.0, 1.0);
    return mix(edge, sampled, clamp(level, 0.0, 1.0));
}
