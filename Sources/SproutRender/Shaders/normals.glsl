// The lit shader's shading normals: normal maps in the tangent frame (stored or from
// derivatives) and the horizon fade of the reflections they turn.
#if defined(HAS_NORMAL_MAP) || defined(HAS_CLEARCOAT_NORMAL_MAP) || defined(HAS_ANISOTROPY)
// The tangent frame from the screen-space derivatives of position and texture coordinates
// (Schueler 2013, as three.js does for glTF files without tangents): no tangents stored, and
// mirrored UVs come out right by themselves. glTF's normal maps are +Y up the image, and its
// v grows down the image (Sprout keeps glTF's UVs), so the bitangent is along -v.
#ifdef HAS_TANGENTS
in vec3 vTangent;
in vec3 vBitangent;
#endif
mat3 tangentFrame(vec3 n, vec3 p, vec2 uv) {
#ifdef HAS_TANGENTS
    // The stored frame (glTF asks for it where given); a back face turns it with the normal.
    float side = gl_FrontFacing ? 1.0 : -1.0;
    return mat3(normalize(vTangent) * side, normalize(vBitangent) * side, n);
#else
    vec3 dp1 = dFdx(p), dp2 = dFdy(p);
    vec2 duv1 = dFdx(uv), duv2 = dFdy(uv);
    vec3 dp2perp = cross(dp2, n), dp1perp = cross(n, dp1);
    vec3 t = dp2perp * duv1.x + dp1perp * duv2.x;
    vec3 b = -(dp2perp * duv1.y + dp1perp * duv2.y);
    float scale = inversesqrt(max(max(dot(t, t), dot(b, b)), 1e-20));
    return mat3(t * scale, b * scale, n);
#endif
}

// `map` holds the tangent-space normal, its x and y times `mapScale` (the texture's own), and
// in alpha 1 - the square root of how much the normals under the texel spread, as an amount to
// add to the surface's alpha^2 (Image.normalMapLevels, after Neubelt and Pettineo's von
// Mises-Fisher fit; 1 at level 0): `spread`, read at the level of the footprint's narrow side
// (the sampler takes the wide side's, which would count bumps the pixel resolves across).
vec3 perturbedNormal(sampler2D map, float mapScale, vec3 n, vec3 p, vec2 uv, out float spread) {
    vec4 texel = texture(map, uv);
    vec2 texels = uv * vec2(textureSize(map, 0));
    vec2 dx = dFdx(texels), dy = dFdy(texels);
    float minorLevel = 0.5 * log2(max(min(dot(dx, dx), dot(dy, dy)), 1e-8));
    float s = 1.0 - textureLod(map, uv, max(minorLevel, 0.0)).a;
    spread = s * s;
    vec3 m = texel.xyz * 2.0 - 1.0;
    m.xy *= mapScale;
    return normalize(tangentFrame(n, p, uv) * m);
}

// A perceptual roughness whose lobe is widened by `spread` (added to alpha^2 = roughness^4),
// at most 1; unchanged where the spread is 0.
float widenedRoughness(float roughness, float spread) {
    float a2 = roughness * roughness;
    return spread > 0.0 ? sqrt(sqrt(min(a2 * a2 + spread, 1.0))) : roughness;
}
#endif

#if defined(HAS_NORMAL_MAP) || defined(HAS_CLEARCOAT_NORMAL_MAP)
// Horizon occlusion (Jeff Russell, "Horizon Occlusion for Normal Mapped Reflections", Marmoset
// 2013; its fade 1.3): a normal map can turn a reflection below the surface's true horizon,
// where the surface itself hides the environment, as a path tracer finds; it fades there.
float horizonFade(vec3 reflection, vec3 geometricNormal) {
    float horizon = clamp(1.0 + 1.3 * dot(reflection, geometricNormal), 0.0, 1.0);
    return horizon * horizon;
}
#endif
