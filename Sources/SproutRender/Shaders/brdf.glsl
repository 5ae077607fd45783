// The lit shader's surface response: glTF 2.0's metallic-roughness BRDF (spec Appendix B) and
// the material extensions' lobes (iridescence, anisotropy, sheen), and the split sum's
// environment term.
const float PI = 3.14159265;

// Karis, "Physically Based Shading on Mobile" (2014): the split sum's scale and bias of F0.
vec2 environmentBRDF(float roughness, float ndv) {
    const vec4 c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
    const vec4 c1 = vec4(1.0, 0.0425, 1.04, -0.04);
    vec4 r = roughness * c0 + c1;
    float a004 = min(r.x * r.x, exp2(-9.28 * ndv)) * r.x + r.y;
    return vec2(-1.04, 1.04) * a004 + r.zw;
}

// Schlick's Fresnel term from f0 (square on) to f90 (grazing) at cos theta; (1 - c)^5 by
// products: llvmpipe's pow is exp2(log2).
vec3 fresnelSchlick(vec3 f0, float f90, float cosTheta) {
    float m = 1.0 - cosTheta, m2 = m * m;
    return f0 + (vec3(f90) - f0) * (m2 * m2 * m);
}

#ifdef HAS_IRIDESCENCE
// KHR_materials_iridescence (Belcour and Barla 2017, as the extension writes it out): the
// Fresnel term of a thin film of index `filmIOR` and `thickness` nanometres over a base of
// reflectance f0, seen at cos theta1 from outside (air), its interference integrated over the
// spectrum analytically (the XYZ sensitivity's Gaussian fit) and returned in linear Rec. 709.
vec3 iridescenceSensitivity(float opd, vec3 shift) {
    float phase = 2.0 * PI * opd * 1.0e-9;
    const vec3 val = vec3(5.4856e-13, 4.4201e-13, 5.2481e-13);
    const vec3 pos = vec3(1.6810e+06, 1.7953e+06, 2.2084e+06);
    const vec3 var = vec3(4.3278e+09, 9.3046e+09, 6.6121e+09);
    vec3 xyz = val * sqrt(2.0 * PI * var) * cos(pos * phase + shift) * exp(-phase * phase * var);
    xyz.x += 9.7470e-14 * sqrt(2.0 * PI * 4.5282e+09) * cos(2.2399e+06 * phase + shift.x) * exp(-4.5282e+09 * phase * phase);
    xyz /= 1.0685e-7;
    const mat3 XYZ_TO_REC709 = mat3(3.2404542, -0.9692660, 0.0556434, -1.5371385, 1.8760108, -0.2040259, -0.4985314, 0.0415560, 1.0572252);
    return XYZ_TO_REC709 * xyz;
}
vec3 iridescenceFresnel(float filmIOR, float cosTheta1, float thickness, vec3 f0) {
    // The film vanishes smoothly as it thins (its index going to the outside's).
    float eta2 = mix(1.0, filmIOR, smoothstep(0.0, 0.03, thickness));
    float sinTheta2Sq = (1.0 / (eta2 * eta2)) * (1.0 - cosTheta1 * cosTheta1);
    float cosTheta2Sq = 1.0 - sinTheta2Sq;
    if (cosTheta2Sq < 0.0) return vec3(1.0);   // total internal reflection
    float cosTheta2 = sqrt(cosTheta2Sq);
    float r0 = (eta2 - 1.0) / (eta2 + 1.0);
    float r12 = fresnelSchlick(vec3(r0 * r0), 1.0, cosTheta1).x;
    float t121 = 1.0 - r12;
    float phi12 = eta2 < 1.0 ? PI : 0.0;
    float phi21 = PI - phi12;
    vec3 sqrtF0 = sqrt(clamp(f0, 0.0, 0.9999));
    vec3 baseIOR = (1.0 + sqrtF0) / (1.0 - sqrtF0);
    vec3 r1 = (baseIOR - eta2) / (baseIOR + eta2);
    r1 *= r1;
    vec3 r23 = fresnelSchlick(r1, 1.0, cosTheta2);
    vec3 phi23 = vec3(baseIOR.x < eta2 ? PI : 0.0, baseIOR.y < eta2 ? PI : 0.0, baseIOR.z < eta2 ? PI : 0.0);
    // The optical path difference inside the film (at the refracted angle, as the sample viewer).
    float opd = 2.0 * eta2 * thickness * cosTheta2;
    vec3 phi = vec3(phi21) + phi23;
    vec3 r123 = clamp(r12 * r23, 1e-5, 0.9999);
    vec3 sr123 = sqrt(r123);
    vec3 rs = t121 * t121 * r23 / (vec3(1.0) - r123);
    vec3 intensity = r12 + rs;
    vec3 cm = rs - t121;
    for (int k = 1; k <= 2; ++k) {
        cm *= sr123;
        intensity += cm * 2.0 * iridescenceSensitivity(float(k) * opd, float(k) * phi);
    }
    return max(intensity, vec3(0.0));
}
// The film's Fresnel term (once per pixel, at n.v: the sample viewer's) and its share, set in
// main before the base layer's lights are summed and cleared before the clear coat's.
vec3 gIridescenceFresnel = vec3(0.0);
float gIridescence = 0.0;
#endif

#ifdef HAS_ANISOTROPY
// KHR_materials_anisotropy: the direction in the surface (unit, along the tangent frame's
// direction) and the one across it, set in main before any light is summed.
vec3 gAnisotropicT, gAnisotropicB;
#endif

// The BRDF times pi (Sprout's light units) times n.l, for light arriving from l (unit, towards
// the light) at n, seen from v: glTF's ((1 - F) diffuse + pi F D Vis) n.l, F Schlick's from f0
// to f90, or the simple model's.
// `anisotropy` (0 isotropic) stretches the highlight along gAnisotropicT (the extension's
// anisotropic GGX distribution and visibility, the roughness along it mixed towards 1).
vec3 surfaceResponse(vec3 n, vec3 v, vec3 l, vec3 diffuseColor, vec3 f0, float f90, float roughness, float anisotropy) {
    vec3 h = normalize(l + v);
    float ndl = max(dot(n, l), 0.0);
#ifdef SIMPLE_SHADING
    float r2 = roughness * roughness;
    float shininess = clamp(2.0 / max(r2 * r2, 1e-4) - 2.0, 1.0, 2048.0);
    vec3 specular = f0 * ((shininess + 8.0) / 8.0) * pow(max(dot(n, h), 0.0), shininess);
    return (diffuseColor + specular) * ndl;
#else
    float ndv = max(dot(n, v), 1e-4);
    float ndh = max(dot(n, h), 0.0);
    float vdh = max(dot(v, h), 0.0);
    float alpha = max(roughness * roughness, 1e-3);
    float a2 = alpha * alpha;
    vec3 fresnel = fresnelSchlick(f0, f90, vdh);
#ifdef HAS_IRIDESCENCE
    fresnel = mix(fresnel, gIridescenceFresnel, gIridescence);
#endif
    float dd = ndh * ndh * (a2 - 1.0) + 1.0;
    float distribution = a2 / (PI * dd * dd);
    float vis = 0.5 / max(ndl * sqrt(ndv * ndv * (1.0 - a2) + a2) + ndv * sqrt(ndl * ndl * (1.0 - a2) + a2), 1e-6);
#ifdef HAS_ANISOTROPY
    if (anisotropy > 0.0) {
        float at = mix(alpha, 1.0, anisotropy * anisotropy), ab = alpha, atab = at * ab;
        vec3 f = vec3(ab * dot(gAnisotropicT, h), at * dot(gAnisotropicB, h), atab * ndh);
        float w2 = atab / dot(f, f);
        distribution = atab * w2 * w2 / PI;
        float lambdaV = ndl * length(vec3(at * dot(gAnisotropicT, v), ab * dot(gAnisotropicB, v), ndv));
        float lambdaL = ndv * length(vec3(at * dot(gAnisotropicT, l), ab * dot(gAnisotropicB, l), ndl));
        vis = min(0.5 / max(lambdaV + lambdaL, 1e-6), 1.0);
    }
#endif
    return ((1.0 - fresnel) * diffuseColor + PI * fresnel * distribution * vis) * ndl;
#endif
}

#ifdef HAS_SHEEN
// KHR_materials_sheen with the extension's "Charlie" terms (Conty Estevez and Kulla 2017):
// the distribution (2 + 1/a) sin(h)^(1/a) / 2pi and their visibility, a = roughness² (the
// roughness kept at 0.07 or more, where the fit and the table below hold).
float sheenL(float x, float alpha) {
    float t = (1.0 - alpha) * (1.0 - alpha);
    return mix(21.5473, 25.3245, t) / (1.0 + mix(3.82987, 3.32435, t) * pow(x, mix(0.19823, 0.16801, t)))
        + mix(-1.97760, -1.27393, t) * x + mix(-4.32054, -4.85967, t);
}
float sheenLambda(float cosTheta, float alpha) {
    return cosTheta < 0.5 ? exp(sheenL(cosTheta, alpha)) : exp(2.0 * sheenL(0.5, alpha) - sheenL(1.0 - cosTheta, alpha));
}
// The sheen BRDF times pi (Sprout's light units) times n.l, for light from l, seen from v
// (ndv: n.v as main has it); white fibres.
float sheenResponse(vec3 n, vec3 v, float ndv, vec3 l, float roughness) {
    float ndl = max(dot(n, l), 0.0);
    if (ndl <= 0.0) return 0.0;
    float alpha = roughness * roughness;
    float ndh = max(dot(n, normalize(l + v)), 0.0);
    float distribution = (2.0 + 1.0 / alpha) * pow(max(1.0 - ndh * ndh, 0.0), 0.5 / alpha) / (2.0 * PI);
    float visibility = 1.0 / ((1.0 + sheenLambda(ndv, alpha) + sheenLambda(ndl, alpha)) * 4.0 * ndv * ndl);
    return PI * distribution * visibility * ndl;
}
// The white sheen's directional albedo E(n.v, roughness): what it reflects of a uniform
// environment, and the share it takes from the layer below (the extension's albedo scaling,
// by n.v only). The integral of sheenResponse over the hemisphere, computed numerically
// (Scripts/tables/sheen-albedo.py, 700 x 1400 directions) at n.v = 0, 1/16 ... 1 (n.v 0 taken at
// 0.005, values capped at 1) and roughness 0, 1/8 ... 1 (0 taken as 0.07); read bilinearly.
const float SHEEN_ALBEDO[153] = float[](
    1.0000, 0.8490, 0.2573, 0.0731, 0.0184, 0.0039, 0.0007, 0.0001, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
    1.0000, 0.8385, 0.4244, 0.2183, 0.1102, 0.0535, 0.0246, 0.0106, 0.0042, 0.0015, 0.0005, 0.0001, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
    1.0000, 0.6888, 0.4759, 0.3394, 0.2442, 0.1753, 0.1247, 0.0874, 0.0599, 0.0402, 0.0261, 0.0162, 0.0095, 0.0051, 0.0024, 0.0008, 0.0001,
    0.8391, 0.6367, 0.4887, 0.3868, 0.3100, 0.2493, 0.2001, 0.1597, 0.1262, 0.0989, 0.0766, 0.0583, 0.0431, 0.0306, 0.0203, 0.0121, 0.0057,
    0.8031, 0.6473, 0.5229, 0.4351, 0.3669, 0.3110, 0.2638, 0.2232, 0.1879, 0.1576, 0.1317, 0.1091, 0.0890, 0.0710, 0.0548, 0.0401, 0.0270,
    0.8333, 0.6928, 0.5750, 0.4913, 0.4256, 0.3710, 0.3240, 0.2828, 0.2460, 0.2139, 0.1860, 0.1610, 0.1382, 0.1171, 0.0974, 0.0790, 0.0616,
    0.8910, 0.7508, 0.6319, 0.5478, 0.4816, 0.4263, 0.3785, 0.3361, 0.2980, 0.2645, 0.2352, 0.2088, 0.1844, 0.1617, 0.1403, 0.1201, 0.1009,
    0.9396, 0.7955, 0.6745, 0.5896, 0.5229, 0.4672, 0.4189, 0.3761, 0.3374, 0.3034, 0.2736, 0.2468, 0.2220, 0.1988, 0.1770, 0.1563, 0.1368,
    0.9360, 0.7964, 0.6797, 0.5981, 0.5342, 0.4809, 0.4346, 0.3934, 0.3563, 0.3236, 0.2950, 0.2692, 0.2455, 0.2233, 0.2023, 0.1825, 0.1638);
float sheenAlbedo(float ndv, float roughness) {
    vec2 p = vec2(clamp(ndv, 0.0, 1.0) * 16.0, clamp(roughness, 0.0, 1.0) * 8.0);
    ivec2 i = min(ivec2(p), ivec2(15, 7));
    vec2 f = p - vec2(i);
    int k = i.y * 17 + i.x;
    float low = mix(SHEEN_ALBEDO[k], SHEEN_ALBEDO[k + 1], f.x);
    float high = mix(SHEEN_ALBEDO[k + 17], SHEEN_ALBEDO[k + 18], f.x);
    return mix(low, high, f.y);
}
#endif
