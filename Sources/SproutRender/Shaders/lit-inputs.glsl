// The lit shader's inputs (the first of its files; ShaderLibrary.litFragmentFiles gives the
// order): the vertex shader's outputs, the material's factors and textures with each texture's
// coordinates, and the frame's environment and shadow map, each behind its variant's define.
in vec3 vWorld;
in vec3 vView;
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
// The light and the emission arrive times the view's exposure where it applies (realistic, lit,
// tone-mapped: the renderer multiplies them), so the shader reads no exposure of its own:
// llvmpipe checks the bounds of every uniform a fragment shader reads (issue 32).
uniform vec3 uToLight;
uniform vec3 uLightColor;
uniform float uAmbient;
#ifdef HAS_EMISSION
uniform vec3 uEmissive;
#endif
#ifdef UNLIT_TONE_MAPPED
uniform float uExposure;
#endif
// A dielectric's reflectance square on (KHR_materials_ior and _specular: ((ior - 1) / (ior + 1))^2
// times the specular colour; 0.04 by default) and its specular weight (KHR_materials_specular's
// factor, 1 by default), which is also its reflectance at grazing angles.
#ifdef HAS_DIELECTRIC_SPECULAR
uniform vec3 uDielectricF0;
uniform float uSpecularWeight;
#endif
// glTF alphaMode MASK: below this alpha the fragment is cut away; negative: no cut.
uniform float uAlphaCutoff;
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
#ifdef HAS_ENVIRONMENT
// The environment's irradiance over pi as nine spherical-harmonic terms (IrradianceSH.shaderTerms):
// compiled in as constants while they hold still (IRRADIANCE_SH_CONSTANTS: kIrradianceSH, declared
// before this file by the renderer), since llvmpipe checks the bounds of every uniform a fragment
// reads and 27 such reads cost more than a cube-map fetch; else uniforms of the same values.
#ifdef IRRADIANCE_SH_CONSTANTS
#define IRRADIANCE_TERMS kIrradianceSH
#else
uniform vec3 uIrradianceSH[9];
#define IRRADIANCE_TERMS uIrradianceSH
#endif
vec3 shBand1(vec3 d) {
    return IRRADIANCE_TERMS[1] * d.y + IRRADIANCE_TERMS[2] * d.z + IRRADIANCE_TERMS[3] * d.x;
}
vec3 shBand2(vec3 d) {
    return IRRADIANCE_TERMS[4] * (d.x * d.y) + IRRADIANCE_TERMS[5] * (d.y * d.z) + IRRADIANCE_TERMS[6] * (3.0 * d.z * d.z - 1.0)
        + IRRADIANCE_TERMS[7] * (d.x * d.z) + IRRADIANCE_TERMS[8] * (d.x * d.x - d.y * d.y);
}
vec3 irradianceSH(vec3 d) {
    return IRRADIANCE_TERMS[0] + shBand1(d) + shBand2(d);
}
// The probe level a GGX lobe of `roughness` reads. An HDR environment's levels are GGX-convolved
// at roughness level / top. A stage's probe keeps the box-filtered chain of its 32-texel faces,
// whose blur grows more slowly: top + 1.4 log2(roughness) (EnvironmentProbe.boxLevelSlope, fitted
// against the GGX-prefiltered light; roughness x top was half as close from 0.3 up).
float reflectionLevel(float roughness, float top) {
#ifdef BOX_FILTERED_PROBE
    return max(top + 1.4 * log2(max(roughness, 1e-4)), 0.0);
#else
    return roughness * top;
#endif
}
#ifdef REFLECTIONS_FROM_SH
// The GGX-prefiltered light along r for roughness from 0.55 up: bands 1 and 2 kept by the lobe's
// share over the cosine's (IrradianceSH.reflectionBandScales, the same fit in u = 1 - roughness).
vec3 reflectionSH(vec3 r, float roughness) {
    float u = 1.0 - roughness;
    return IRRADIANCE_TERMS[0] + shBand1(r) * (1.0 + u * (0.33574 + 0.54451 * u)) + shBand2(r) * (1.0 + u * (1.4766 + 3.66311 * u));
}
#endif
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
#ifdef HAS_NEAR_SHADOWS
// The near part of the view's shadows (Renderer.prepareShadows): its map, and the scale (xy) and
// offset (zw) from the whole map's texture coordinates to its own (same light view and depth).
uniform sampler2DShadow uNearShadowMap;
uniform vec4 uNearShadowTransform;
#endif
#ifdef HAS_NEAR_TRANSLUCENT_SHADOWS
// The near map's translucent layer, as the whole map's below.
uniform sampler2D uNearTranslucentShadowMap;
#endif
#ifdef HAS_TRANSLUCENT_SHADOWS
// Blended casters (ShadowMap's translucent layer): the light they let through (r) and the depth
// of the nearest one (a).
uniform sampler2D uTranslucentShadowMap;
#endif
#endif
