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
in vec3 vWorld;
in vec3 vNormal;
in vec2 vUV;
#ifdef HAS_TRANSMISSION
// Dual-source blending: the surface's light, and the share of what lies behind it let through.
layout(location = 0, index = 0) out vec4 oColor;
layout(location = 0, index = 1) out vec4 oTransmittance;
uniform float uTransmission;
#ifdef HAS_VOLUME_ATTENUATION
// KHR_materials_volume: the light let through is attenuationColor^(thickness / attenuationDistance),
// both in world units (the node's scale applied).
uniform vec3 uAttenuation;
#ifdef HAS_THICKNESS_MAP
// Its green channel scales the thickness: c^(t g / d) = (c^(t / d))^g, as a power of uAttenuation
// through exp2 and log2, so that a thickness of 0 lets everything through even where c is 0.
uniform sampler2D uThicknessMap;
#endif
#endif
// What was drawn before the transmissive surfaces, mipmapped, for rough ones to read blurred.
uniform sampler2D uSceneColor;
uniform vec2 uSceneColorSize;
#ifdef HAS_VOLUME_REFRACTION
// KHR_materials_volume's thickness (mesh units) along the refracted view ray, scaled by the
// node's scale per axis, and the index that bends it, for refractedRead to follow the ray.
uniform float uThickness;
uniform vec3 uModelScale;
uniform float uIOR;
uniform mat4 uViewProjection;
#ifdef HAS_DISPERSION
// KHR_materials_dispersion: red and blue refracted by uIOR less and more this.
uniform float uDispersionSpread;
#endif
// The ray is followed further where these are there (uTraceBehind 1): the nearest back faces
// of the frame's volumes (outward normal n / 2 + 1/2, alpha 1 where there is one; their depth)
// and the depth of what was drawn before them, as VolumeRefractionBuffers keeps them.
uniform sampler2D uVolumeBackFaces;
uniform sampler2D uVolumeBackFaceDepth;
uniform sampler2D uSceneDepth;
uniform float uTraceBehind;
#endif
#else
out vec4 oColor;
#endif
#ifdef HAS_TRANSMISSION_MAP
uniform sampler2D uTransmissionMap;
#endif
#ifdef HAS_VERTEX_COLOR
in vec4 vColor;
#endif

uniform vec4 uBaseColor;
uniform float uMetallic;
uniform float uRoughness;
uniform vec3 uToLight;
uniform vec3 uLightColor;
uniform float uAmbient;
uniform vec4 uEye;   // the camera's position (w 1), or under parallel rays the way towards it (w 0)
uniform float uExposure;
uniform vec3 uEmissive;
// A dielectric's reflectance square on (KHR_materials_ior and _specular: ((ior - 1) / (ior + 1))^2
// times the specular colour; 0.04 by default) and its specular weight (KHR_materials_specular's
// factor, 1 by default), which is also its reflectance at grazing angles.
#ifdef HAS_DIELECTRIC_SPECULAR
uniform vec3 uDielectricF0;
uniform float uSpecularWeight;
#endif
// glTF alphaMode MASK: below this alpha the fragment is cut away; negative: no cut.
uniform float uAlphaCutoff;
// glTF alphaMode OPAQUE (1): the alpha of colour and texture is ignored, the output's is 1.
uniform float uOpaque;
#ifdef HAS_NORMAL_MAP
uniform sampler2D uNormalMap;
uniform float uNormalScale;
#endif
#ifdef HAS_OCCLUSION_MAP
uniform sampler2D uOcclusionMap;
uniform float uOcclusionStrength;
#endif
#ifdef HAS_ENVIRONMENT
// The environment probe: linear radiance around the content, with its mip chain.
uniform samplerCube uEnvironment;
uniform float uEnvironmentLevels;
uniform float uEnvironmentScale;
#endif
#ifdef HAS_CLEARCOAT
uniform float uClearcoat;
uniform float uClearcoatRoughness;
#endif
#ifdef HAS_CLEARCOAT_MAP
uniform sampler2D uClearcoatMap;
#endif
#ifdef HAS_CLEARCOAT_ROUGHNESS_MAP
uniform sampler2D uClearcoatRoughnessMap;
#endif
#ifdef HAS_CLEARCOAT_NORMAL_MAP
uniform sampler2D uClearcoatNormalMap;
uniform float uClearcoatNormalScale;
#endif
#ifdef HAS_SHEEN
uniform vec3 uSheenColor;
uniform float uSheenRoughness;
#endif
#ifdef HAS_SHEEN_COLOR_MAP
uniform sampler2D uSheenColorMap;
#endif
#ifdef HAS_SHEEN_ROUGHNESS_MAP
uniform sampler2D uSheenRoughnessMap;
#endif
#ifdef HAS_SPECULAR_MAP
uniform sampler2D uSpecularMap;
#endif
#ifdef HAS_ANISOTROPY
uniform vec3 uAnisotropy;   // (cos, sin) of the rotation, the strength
#endif
#ifdef HAS_IRIDESCENCE
uniform vec4 uIridescence;   // factor, the film's index of refraction, its thickness at 0 and 1 (nm)
#endif
#ifdef HAS_IRIDESCENCE_MAP
uniform sampler2D uIridescenceMap;
#endif
#ifdef HAS_IRIDESCENCE_THICKNESS_MAP
uniform sampler2D uIridescenceThicknessMap;
#endif
#ifdef HAS_ANISOTROPY_MAP
uniform sampler2D uAnisotropyMap;
#endif
#ifdef HAS_DIFFUSE_TRANSMISSION
uniform float uDiffuseTransmission;
uniform vec3 uDiffuseTransmissionColor;
#endif
#ifdef HAS_DIFFUSE_TRANSMISSION_MAP
uniform sampler2D uDiffuseTransmissionMap;
#endif
#ifdef HAS_DIFFUSE_TRANSMISSION_COLOR_MAP
uniform sampler2D uDiffuseTransmissionColorMap;
#endif
#ifdef HAS_SPECULAR_COLOR_MAP
uniform sampler2D uSpecularColorMap;
#endif
#ifdef HAS_IRRADIANCE_SH
// An HDR environment's irradiance over pi as nine spherical-harmonic coefficients (IrradianceSH).
uniform vec3 uIrradianceSH[9];
vec3 irradianceSH(vec3 d) {
    return uIrradianceSH[0] * 0.282095
        + uIrradianceSH[1] * (0.488603 * d.y) + uIrradianceSH[2] * (0.488603 * d.z) + uIrradianceSH[3] * (0.488603 * d.x)
        + uIrradianceSH[4] * (1.092548 * d.x * d.y) + uIrradianceSH[5] * (1.092548 * d.y * d.z)
        + uIrradianceSH[6] * (0.315392 * (3.0 * d.z * d.z - 1.0)) + uIrradianceSH[7] * (1.092548 * d.x * d.z)
        + uIrradianceSH[8] * (0.546274 * (d.x * d.x - d.y * d.y));
}
#endif
#ifdef HAS_BASE_COLOR_TEXTURE
uniform sampler2D uBaseColorMap;
#endif
#ifdef HAS_METALLIC_ROUGHNESS_MAP
uniform sampler2D uMetallicRoughnessMap;
#endif
#ifdef HAS_EMISSIVE_MAP
uniform sampler2D uEmissiveMap;
#endif

// Each texture's coordinates (slots: 0 base colour, 1 metallic-roughness, 2 normal, 3
// occlusion, 4 emissive, 5 transmission, 6 and 7 clearcoat, 8 and 9 sheen, 10 and 11 specular,
// 12 the clearcoat's normal, 13 the volume's thickness, 14 and 15 diffuse transmission, 16
// anisotropy, 17 and 18 iridescence; TextureSlot's order):
// glTF's texCoord and KHR_texture_transform's T * R * S.
#ifdef HAS_UV_MAPPING
in vec2 vUV1;
uniform mat3 uUVTransform[19];
uniform int uUVSet[19];
vec2 slotUV(int slot) {
    vec2 uv = uUVSet[slot] == 1 ? vUV1 : vUV;
    return (uUVTransform[slot] * vec3(uv, 1.0)).xy;
}
#else
vec2 slotUV(int slot) { return vUV; }
#endif
#ifdef HAS_SHADOWS
in vec4 vLightSpace;
uniform sampler2DShadow uShadowMap;
#ifdef HAS_TRANSLUCENT_SHADOWS
// Blended casters (ShadowMap's translucent layer): the light they let through (r) and the depth
// of the nearest one (a).
uniform sampler2D uTranslucentShadowMap;
#endif
#endif

const float PI = 3.14159265;

// Karis, "Physically Based Shading on Mobile" (2014): the split sum's scale and bias of F0.
vec2 environmentBRDF(float roughness, float ndv) {
    const vec4 c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
    const vec4 c1 = vec4(1.0, 0.0425, 1.04, -0.04);
    vec4 r = roughness * c0 + c1;
    float a004 = min(r.x * r.x, exp2(-9.28 * ndv)) * r.x + r.y;
    return vec2(-1.04, 1.04) * a004 + r.zw;
}

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

// `map` holds the tangent-space normal, its x and y times `mapScale` (the texture's own).
vec3 perturbedNormal(sampler2D map, float mapScale, vec3 n, vec3 p, vec2 uv) {
    vec3 m = texture(map, uv).xyz * 2.0 - 1.0;
    m.xy *= mapScale;
    return normalize(tangentFrame(n, p, uv) * m);
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

#ifdef HAS_PUNCTUAL_LIGHTS
// KHR_lights_punctual (PunctualLight.budget of them at most). Colours arrive times intensity / pi:
// candela over d^2 (or lux) is an illuminance, and Sprout's BRDF is times pi.
const int PUNCTUAL_BUDGET = 8;
uniform int uPunctualCount;
uniform int uPunctualKind[PUNCTUAL_BUDGET];          // 0 directional, 1 point, 2 spot
uniform vec3 uPunctualPosition[PUNCTUAL_BUDGET];
uniform vec3 uPunctualDirection[PUNCTUAL_BUDGET];    // the way its light travels
uniform vec3 uPunctualColor[PUNCTUAL_BUDGET];
uniform float uPunctualRange[PUNCTUAL_BUDGET];       // 0: unlimited
uniform vec2 uPunctualCone[PUNCTUAL_BUDGET];         // spot: cos(angle) x scale + offset (the extension's)

// Punctual light i seen from the fragment: the direction towards it (unit) into `l`, and the
// share of its colour that arrives (distance, the range window, a spot's cone).
float punctualArrival(int i, out vec3 l) {
    l = -uPunctualDirection[i];
    float attenuation = 1.0;
    if (uPunctualKind[i] != 0) {
        vec3 toLight = uPunctualPosition[i] - vWorld;
        float d2 = max(dot(toLight, toLight), 1e-8);
        l = toLight * inversesqrt(d2);
        attenuation = 1.0 / d2;
        if (uPunctualRange[i] > 0.0) {
            // The extension's recommended window: clamp(1 - (d / range)^4, 0, 1).
            float ratio2 = d2 / (uPunctualRange[i] * uPunctualRange[i]);
            attenuation *= clamp(1.0 - ratio2 * ratio2, 0.0, 1.0);
        }
        if (uPunctualKind[i] == 2) {
            float cone = clamp(dot(uPunctualDirection[i], -l) * uPunctualCone[i].x + uPunctualCone[i].y, 0.0, 1.0);
            attenuation *= cone * cone;
        }
    }
    return attenuation;
}

vec3 punctualLights(vec3 n, vec3 v, vec3 diffuseColor, vec3 f0, float f90, float roughness, float anisotropy) {
    vec3 sum = vec3(0.0);
    for (int i = 0; i < uPunctualCount; i++) {
        vec3 l;
        float attenuation = punctualArrival(i, l);
        if (attenuation > 0.0) sum += surfaceResponse(n, v, l, diffuseColor, f0, f90, roughness, anisotropy) * uPunctualColor[i] * attenuation;
    }
    return sum;
}
#endif

#ifdef HAS_DIFFUSE_TRANSMISSION
// KHR_materials_diffuse_transmission's Lambert lobe through the surface, times pi and the back's
// n.l, for light arriving at the other side from l: less the dielectric's Fresnel term for the
// light mirrored to this side (the Khronos sample viewer's reading).
vec3 transmittedResponse(vec3 n, vec3 v, vec3 l, vec3 transmittedColor, vec3 f0, float f90) {
    float backNdl = max(-dot(n, l), 0.0);
    vec3 mirrored = l + 2.0 * backNdl * n;
    return transmittedColor * (1.0 - fresnelSchlick(f0, f90, max(dot(v, normalize(mirrored + v)), 0.0))) * backNdl;
}
#ifdef HAS_PUNCTUAL_LIGHTS
vec3 punctualTransmission(vec3 n, vec3 v, vec3 transmittedColor, vec3 f0, float f90) {
    vec3 sum = vec3(0.0);
    for (int i = 0; i < uPunctualCount; i++) {
        vec3 l;
        float attenuation = punctualArrival(i, l);
        if (attenuation > 0.0) sum += transmittedResponse(n, v, l, transmittedColor, f0, f90) * uPunctualColor[i] * attenuation;
    }
    return sum;
}
#endif
#endif

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

#ifdef HAS_SHADOWS
// One bilinear comparison tap (a 2x2 PCF, filtered by the sampler) on the 512-texel map: edges
// about as soft as the sun's penumbra at the scale of a plant, at a quarter of the four taps' cost.
float lightVisibility(float ndl) {
    vec3 p = vLightSpace.xyz / vLightSpace.w * 0.5 + 0.5;
    if (p.z >= 1.0) return 1.0;
    float depth = p.z - (0.0015 + 0.003 * (1.0 - ndl));
    float visibility = texture(uShadowMap, vec3(p.xy, depth));
#ifdef HAS_TRANSLUCENT_SHADOWS
    // Behind the nearest blended caster, what the blended casters let through.
    vec4 translucent = texture(uTranslucentShadowMap, p.xy);
    if (depth > translucent.a) visibility *= translucent.r;
#endif
    return visibility;
}
#endif

#ifdef HAS_VOLUME_REFRACTION
// A clip-space position on the target: xy in [0, 1] across it, z its window depth.
vec3 windowOfClip(vec4 clip) { return clip.xyz / clip.w * 0.5 + 0.5; }

// Where a world point projects.
vec3 windowOf(vec3 p) { return windowOfClip(uViewProjection * vec4(p, 1.0)); }

// A ray in clip space: projection is linear before the divide, so the clip position of
// origin + direction x s is start + step x s, four multiply-adds a step instead of a matrix.
struct ClipRay {
    vec4 start;
    vec4 step;
};

ClipRay clipRay(vec3 origin, vec3 direction) { return ClipRay(uViewProjection * vec4(origin, 1.0), uViewProjection * vec4(direction, 0.0)); }

// Where the ray is at `s`: xy over the target in [0, 1], z its window depth.
vec3 windowAt(ClipRay ray, float s) { return windowOfClip(ray.start + ray.step * s); }

bool onTarget(vec3 w) { return all(greaterThanEqual(w, vec3(0.0))) && all(lessThan(w, vec3(1.0))); }

// The texel of `sampler` (the target's size, as the copies are) under window point w.
#define TEXEL_AT(sampler, w) texelFetch(sampler, ivec2((w).xy * uSceneColorSize), 0)

// Whether window point w lies outside the volumes: off the target, where no back face is (the
// depth cleared to 1), or behind the nearest one. One fetch a step.
bool leftVolume(vec3 w) {
    if (!onTarget(w)) return true;
    float back = TEXEL_AT(uVolumeBackFaceDepth, w).r;
    return back >= 1.0 || w.z >= back;
}

// Where the ray from `origin` along `direction`, leaving a volume, first passes behind what was
// drawn before (the depth copy): steps doubling from `first` (the volume's size: what lies just
// behind it is found in a step or two), at most 16, then 6 halvings of the step that crossed. A
// ray that meets nothing on the target sees the background where its direction projects (or,
// under an orthographic view, where it left the target).
vec2 landing(vec3 origin, vec3 direction, float first) {
    ClipRay ray = clipRay(origin, direction);
    float near = 0.0, far = first;
    vec2 last = windowAt(ray, 0.0).xy;
    for (int i = 0; i < 16; i++) {
        if (ray.start.w + ray.step.w * far <= 0.0) break;
        vec3 w = windowAt(ray, far);
        if (!onTarget(w)) break;
        if (w.z > TEXEL_AT(uSceneDepth, w).r) {
            for (int j = 0; j < 6; j++) {
                float middle = 0.5 * (near + far);
                vec3 m = windowAt(ray, middle);
                if (m.z > TEXEL_AT(uSceneDepth, m).r) far = middle; else near = middle;
            }
            return windowAt(ray, far).xy;
        }
        last = w.xy;
        near = far;
        far *= 2.0;
    }
    return ray.step.w > 0.0 ? windowOfClip(ray.step).xy : last;
}

// What lies behind a volume along the view ray refracted by `ior`. Where the volume's back faces
// are known (a closed mesh) the ray is followed through it: 8 steps over twice the thickness
// (mesh units, times the node's scale per axis) and 6 halvings find where it passes its nearest
// back face, whose normal bends it again, and it travels on to what was drawn before (Wyman's
// two-sided refraction). Otherwise, as the Khronos sample viewer's getIBLVolumeRefraction: the
// ray travels the thickness and the copy is read where its end projects. `travelled`: the way
// inside as a share of the thickness (1 for the single step), for the absorption.
vec3 refractedRead(vec3 v, vec3 n, float thickness, float ior, float level, out float travelled) {
    vec3 inside = normalize(refract(-v, n, 1.0 / ior));
    vec3 reach = inside * thickness * uModelScale;
    ClipRay ray = clipRay(vWorld, inside);
    vec2 at = clamp(windowOf(vWorld + reach).xy, 0.0, 1.0);
    travelled = 1.0;
    if (uTraceBehind > 0.5 && !leftVolume(windowAt(ray, 0.0))) {
        float near = 0.0, far = -1.0, span = 2.0 * length(reach);
        for (int i = 1; i <= 8; i++) {
            float s = span * float(i) / 8.0;
            if (leftVolume(windowAt(ray, s))) { far = s; break; }
            near = s;
        }
        if (far > 0.0) {
            for (int j = 0; j < 6; j++) {
                float middle = 0.5 * (near + far);
                if (leftVolume(windowAt(ray, middle))) far = middle; else near = middle;
            }
            vec3 exitPoint = vWorld + inside * far;
            travelled = far / max(length(reach), 1e-6);
            vec3 exitWindow = windowAt(ray, far);
            vec4 back = onTarget(exitWindow) ? TEXEL_AT(uVolumeBackFaces, exitWindow) : vec4(0.0);
            // Bent again by the back face, from inside (the normal turned against the ray);
            // where it would reflect wholly inside, or no face is there, on unbent.
            vec3 leaving = back.a > 0.5 ? refract(inside, -normalize(back.xyz * 2.0 - 1.0), ior) : inside;
            if (dot(leaving, leaving) == 0.0) leaving = inside;
            at = clamp(landing(exitPoint, normalize(leaving), max(far, 0.01)), 0.0, 1.0);
        }
    }
    // Where neighbouring pixels land far apart (a ball's rim, a strong lens), the copy is read
    // from the level their spread calls for, as implicit derivatives would choose it, so that a
    // pixel shows the average of what its rays reach rather than one of them (aliasing).
    vec2 spread = max(abs(dFdx(at)), abs(dFdy(at))) * uSceneColorSize;
    return textureLod(uSceneColor, at, max(level, log2(max(max(spread.x, spread.y), 1.0)))).rgb;
}
#endif

void main() {
#ifdef VOLUME_BACK_FACES
    // A volume's back face: its outward normal (its depth goes to the depth texture), for
    // refractedRead to trace through.
    oColor = vec4(normalize(vNormal) * 0.5 + 0.5, 1.0);
    return;
#endif
    vec4 base = uBaseColor;
#ifdef HAS_BASE_COLOR_TEXTURE
    base *= texture(uBaseColorMap, slotUV(0));
#endif
#ifdef HAS_VERTEX_COLOR
    base *= vColor;
#endif
#ifdef ALPHA_CUT
    {
#ifdef ALPHA_TO_COVERAGE
        // The cut spread over one pixel around the cutoff (Golus, "Anti-aliased Alpha Test"): the
        // samples covered follow how much of the pixel lies inside, as a path tracer's average would.
        base.a = clamp((base.a - uAlphaCutoff) / max(fwidth(base.a), 1e-4) + 0.5, 0.0, 1.0);
        if (base.a <= 0.0) discard;
#else
        if (base.a < uAlphaCutoff) discard;
        base.a = 1.0;
#endif
    }
#else
    if (uOpaque > 0.5) base.a = 1.0;
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
    n = perturbedNormal(uNormalMap, uNormalScale, n, vWorld, slotUV(2));
#endif
    vec3 v = normalize(uEye.xyz - vWorld * uEye.w);
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
    vec3 emissive = uEmissive;
#ifdef HAS_EMISSIVE_MAP
    emissive *= texture(uEmissiveMap, slotUV(4)).rgb;
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
    // The target holds sRGB-encoded light, so the linear share is applied as its encoded
    // equivalent (a power of 1/2.2: encode(L x f) ~ encode(L) x f^(1/2.2)).
    vec3 passingLinear = transmission * base.rgb * (1.0 - specularEnvironment);
#ifdef HAS_THICKNESS_MAP
    float thicknessScale = texture(uThicknessMap, slotUV(13)).g;
#endif
#ifdef HAS_VOLUME_REFRACTION
    // A volume refracts: the view ray bent by the index travels through it, and what lies
    // behind is read where it lands, always from the copy (blurred by roughness scaled by the
    // index, as the sample viewer's applyIorToRoughness does).
    float thickness = uThickness;
#ifdef HAS_THICKNESS_MAP
    thickness *= thicknessScale;
#endif
    float sceneLevel = log2(uSceneColorSize.x) * roughness * clamp(uIOR * 2.0 - 2.0, 0.0, 1.0);
    float travelled;
#ifdef HAS_DISPERSION
    float travelledRed, travelledBlue;
    vec3 refracted = vec3(
        refractedRead(v, n, thickness, max(uIOR - uDispersionSpread, 1.0), sceneLevel, travelledRed).r,
        refractedRead(v, n, thickness, uIOR, sceneLevel, travelled).g,
        refractedRead(v, n, thickness, uIOR + uDispersionSpread, sceneLevel, travelledBlue).b);
#else
    vec3 refracted = refractedRead(v, n, thickness, uIOR, sceneLevel, travelled);
#endif
#endif
#ifdef HAS_VOLUME_ATTENUATION
    // Beer-Lambert over the way the ray went inside: the stated thickness (times the texture's
    // green), or the share of it traced through a closed volume.
    float attenuationPower = travelled;
#ifdef HAS_THICKNESS_MAP
    attenuationPower *= thicknessScale;
#endif
    passingLinear *= exp2(log2(max(uAttenuation, vec3(1e-6))) * attenuationPower);
#endif
    vec3 passing = pow(passingLinear, vec3(1.0 / 2.2));
#ifdef HAS_VOLUME_REFRACTION
    vec3 behind = passing * refracted;
    oTransmittance = vec4(0.0);
#else
    // Roughness blurs what lies behind: the copy's level log2(width) x roughness (the Khronos
    // sample viewer's, at glTF's ior 1.5). A smooth surface blends over the live target (which
    // keeps other transparent surfaces behind it); a rough one reads the blurred copy instead,
    // wholly from one level up.
    float sceneLevel = log2(uSceneColorSize.x) * roughness;
    float fromCopy = clamp(sceneLevel, 0.0, 1.0);
    vec3 behind = fromCopy * passing * textureLod(uSceneColor, gl_FragCoord.xy / uSceneColorSize, sceneLevel).rgb;
    oTransmittance = vec4(passing * (1.0 - fromCopy), 0.0);
#endif
#endif
#ifdef HAS_ENVIRONMENT
    // Diffuse light from the probe's coarsest level along the normal (a face's mean radiance,
    // blended across faces), reflections from the level the roughness calls for.
    float top = uEnvironmentLevels - 1.0;
#ifdef HAS_IRRADIANCE_SH
    vec3 irradiance = max(irradianceSH(n), vec3(0.0));
#else
    vec3 irradiance = textureLod(uEnvironment, n, top).rgb;
#endif
#ifdef HAS_ANISOTROPY
    // The reflection along a normal bent towards the anisotropy (the Khronos sample viewer's).
    vec3 anisotropicNormal = cross(cross(gAnisotropicB, v), gAnisotropicB);
    float bend = 1.0 - anisotropy * (1.0 - roughness);
    bend *= bend;
    vec3 reflectionNormal = normalize(mix(anisotropicNormal, n, bend * bend));
#else
    vec3 reflectionNormal = n;
#endif
    vec3 reflected = textureLod(uEnvironment, reflect(-v, reflectionNormal), roughness * top).rgb;
    vec3 environment = uEnvironmentScale * ((1.0 - specularEnvironment) * diffuseColor * irradiance + specularEnvironment * reflected * horizon);
#ifdef HAS_DIFFUSE_TRANSMISSION
    // What arrives at the other side, from the environment behind it.
#ifdef HAS_IRRADIANCE_SH
    vec3 irradianceBehind = max(irradianceSH(-n), vec3(0.0));
#else
    vec3 irradianceBehind = textureLod(uEnvironment, -n, top).rgb;
#endif
    environment += uEnvironmentScale * (1.0 - specularEnvironment) * transmittedColor * irradianceBehind;
#endif
#else
    vec3 environment = uAmbient * ((1.0 - specularEnvironment) * diffuseColor + specularEnvironment * horizon);
#ifdef HAS_DIFFUSE_TRANSMISSION
    environment += uAmbient * (1.0 - specularEnvironment) * transmittedColor;   // a uniform ambient arrives behind alike
#endif
#endif
#ifdef HAS_SHEEN
    // KHR_materials_sheen over the layers above: the fibres reflect their colour times their
    // response (the sun) or their albedo E (the environment: exact for a uniform one, the
    // probe's diffuse level otherwise), and the layer below keeps 1 - max(colour) E of its light.
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
#ifdef HAS_ENVIRONMENT
    vec3 sheenLight = uEnvironmentScale * irradiance;
#else
    vec3 sheenLight = vec3(uAmbient);
#endif
    environment = environment * sheenScaling + sheenColor * sheenE * sheenLight;
#endif
#ifdef HAS_OCCLUSION_MAP
    // glTF: occlusion darkens the indirect light only.
    environment *= 1.0 + uOcclusionStrength * (texture(uOcclusionMap, slotUV(3)).r - 1.0);
#endif
#ifdef HAS_CLEARCOAT
    // KHR_materials_clearcoat: a clear layer (F0 0.04) on the geometric normal, or its own normal
    // map's, lets through what its Fresnel term does not reflect, emission included, and adds
    // its own specular lobes.
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
    coatNormal = perturbedNormal(uClearcoatNormalMap, uClearcoatNormalScale, coatNormal, vWorld, slotUV(12));
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
    coatLight += uEnvironmentScale * (0.04 * coatAB.x + coatAB.y) * coatHorizon * textureLod(uEnvironment, reflect(-v, coatNormal), coatRoughness * top).rgb;
#else
    coatLight += uAmbient * (0.04 * coatAB.x + coatAB.y) * coatHorizon;
#endif
    float underCoat = 1.0 - coat * coatFresnel;
    direct = direct * underCoat + coat * coatLight;
    environment *= underCoat;
    emissive *= underCoat;
#endif
#ifdef LINEAR_OUTPUT
    vec3 color = direct + environment + emissive;
#else
    vec3 color = toneMap((direct + environment + emissive) * uExposure);
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
