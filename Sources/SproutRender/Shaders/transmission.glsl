// The lit shader's light from behind transmissive surfaces: refraction through volumes
// (KHR_materials_volume: the view ray followed through a closed mesh in the picture and the
// scene colour read where it leaves), attenuation, and the thin-walled blend.
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

#ifdef HAS_TRANSMISSION
// KHR_materials_transmission (thin-walled, or through a volume): what the surface lets through of
// what lies behind it, to add to its own light, and into oTransmittance the share of the target
// kept where it blends over it.
vec3 lightBehind(vec3 baseColor, float transmission, vec3 specularEnvironment, float roughness, vec3 n, vec3 v) {
    // The target holds sRGB-encoded light, so the linear share is applied as its encoded
    // equivalent (a power of 1/2.2: encode(L x f) ~ encode(L) x f^(1/2.2)).
    vec3 passingLinear = transmission * baseColor * (1.0 - specularEnvironment);
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
    return behind;
}
#endif
