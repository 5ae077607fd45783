// Skinning and morph targets (glTF 2.0, 3.7.2.2 and 3.7.3.3), shared by lit.vert and
// shadow.vert so that shadows follow the pose. Targets first, then the skin.
// DEFORM_POSITION_ONLY (the shadow programs): normals are not needed, their offsets not read.
#ifdef HAS_SKIN
// The palette: per joint, the skinned entity's inverse world x the joint's world x its
// inverse bind matrix (Skin.jointMatrices). 256 x 64 bytes: GL's minimum block size.
layout(std140) uniform Joints { mat4 uJoints[256]; };
layout(location = 6) in vec4 aJoints0;
layout(location = 7) in vec4 aWeights0;
#ifdef HAS_SKIN_8
layout(location = 8) in vec4 aJoints1;
layout(location = 9) in vec4 aWeights1;
#endif

mat4 skinMatrix() {
    mat4 m = aWeights0.x * uJoints[int(aJoints0.x)] + aWeights0.y * uJoints[int(aJoints0.y)]
           + aWeights0.z * uJoints[int(aJoints0.z)] + aWeights0.w * uJoints[int(aJoints0.w)];
    float total = dot(aWeights0, vec4(1.0));
#ifdef HAS_SKIN_8
    m += aWeights1.x * uJoints[int(aJoints1.x)] + aWeights1.y * uJoints[int(aJoints1.y)]
       + aWeights1.z * uJoints[int(aJoints1.z)] + aWeights1.w * uJoints[int(aJoints1.w)];
    total += dot(aWeights1, vec4(1.0));
#endif
    // A vertex no joint moves stays where it was bound (not collapsed to the origin).
    return total > 0.0 ? m : mat4(1.0);
}
#endif

#ifdef HAS_MORPH
// Offsets in an RGBA32F texture, rows of 4096 texels: texel (target x vertex count + vertex)
// x uMorphTexelsPerVertex is the position offset, the next one the normal offset, and with
// three texels a vertex the third the tangent offset (GPUMorphTargets).
uniform sampler2D uMorphTargets;
uniform int uMorphCount;
uniform int uMorphVertexCount;
uniform float uMorphWeights[64];
// 0 when no target moves normals (the catalog plants' sway): half the fetches.
uniform int uMorphHasNormals;
// 1 when a target moves tangents (glTF TANGENT targets).
uniform int uMorphHasTangents;
uniform int uMorphTexelsPerVertex;

vec3 morphTexel(int index) { return texelFetch(uMorphTargets, ivec2(index % 4096, index / 4096), 0).xyz; }
#endif

// Poses a vertex in the mesh's space; `normal` and `tangent` turn with it.
void deform(inout vec3 position, inout vec3 normal, inout vec3 tangent) {
#ifdef HAS_MORPH
    vec3 dp = vec3(0.0), dn = vec3(0.0), dt = vec3(0.0);
    for (int t = 0; t < uMorphCount; ++t) {
        float w = uMorphWeights[t];
        if (w == 0.0) continue;
        int base = (t * uMorphVertexCount + gl_VertexID) * uMorphTexelsPerVertex;
        dp += w * morphTexel(base);
#ifndef DEFORM_POSITION_ONLY
        if (uMorphHasNormals != 0) dn += w * morphTexel(base + 1);
        if (uMorphHasTangents != 0) dt += w * morphTexel(base + 2);
#endif
    }
    position += dp;
    normal = normalize(normal + dn);
    tangent += dt;
#endif
#ifdef HAS_SKIN
    mat4 skin = skinMatrix();
    position = (skin * vec4(position, 1.0)).xyz;
    // The palette holds rotations and uniform scales in practice: its upper 3x3 turns normals.
    normal = mat3(skin) * normal;
    tangent = mat3(skin) * tangent;
#endif
}
