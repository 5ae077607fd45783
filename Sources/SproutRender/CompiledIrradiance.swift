import SproutScene

/// Which environment irradiance the lit programs have compiled in, render by render.
///
/// llvmpipe checks the bounds of every uniform a fragment reads, and the harmonics' 27 scalars
/// cost the garden's frame more than the probe fetch they would replace; compiled in as
/// constants they cost about 3 ms less than it (BENCHMARKS.md, "Issue 32, tenth look"). A program per irradiance
/// is only worth compiling for one that stays: the first a renderer sees (a still scene, a
/// render test's only frame), or one unchanged for `settlingRenders` renders. While it changes
/// (the probe following a dragged model, a light being turned) the programs read uniforms of
/// the same values (`IrradianceSH.shaderTerms`), so the pictures are the same either way.
struct CompiledIrradiance {
    /// Renders an irradiance must hold unchanged, after the first, before programs are compiled
    /// with it. The compile and llvmpipe's first draw with the new programs is a hitch of some
    /// 120 ms in the preview (four frames, measured after a plant was placed), so it waits for
    /// the interaction to be over: 120 renders are 4 s at 30 frames/s.
    static let settlingRenders = 120

    /// The irradiance compiled into the lit programs that have `ShaderFeatures.irradianceConstants`.
    private(set) var compiled: IrradianceSH?
    /// The one compiled before `compiled`, whose programs the renderer keeps aside: a probe that
    /// goes back (a model dragged to a cell and back) compiles nothing and waits for nothing.
    private(set) var previous: IrradianceSH?
    /// The last irradiance asked about, and for how many renders in a row.
    private var last: IrradianceSH?
    private var heldRenders = 0

    /// Called once a render with its irradiance: whether its programs take it compiled in
    /// (`compiled` is then it; when `compiled` changes, the renderer's constant programs are
    /// `previous`'s, and `compiled`'s are the ones it kept aside or none). One with a term that
    /// is not finite never is (it has no literal).
    mutating func compilesIn(_ irradiance: IrradianceSH) -> Bool {
        guard irradiance.shaderTerms.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }) else { return false }
        if irradiance == last {
            heldRenders += 1
        } else {
            last = irradiance
            heldRenders = 1
        }
        if irradiance != compiled && (irradiance == previous || compiled == nil || heldRenders >= Self.settlingRenders) {
            previous = compiled
            compiled = irradiance
        }
        return compiled == irradiance
    }

    /// `compiled`'s terms as GLSL constants, placed before the lit shaders' sources
    /// (lit-inputs.glsl's IRRADIANCE_SH_CONSTANTS); nil before the first.
    var glslDeclaration: String? {
        guard let terms = compiled?.shaderTerms else { return nil }
        // Swift prints the shortest digits that read back as the same Float, which GLSL's float literals then are.
        let vectors = terms.map { "vec3(\(literal($0.x)), \(literal($0.y)), \(literal($0.z)))" }
        return "const vec3 kIrradianceSH[9] = vec3[9](\(vectors.joined(separator: ", ")));\n"
    }

    /// A GLSL float literal of `value`: Swift's shortest round-trip digits, with a point where it has none.
    private func literal(_ value: Float) -> String {
        let digits = "\(value)"
        return digits.contains(".") || digits.contains("e") ? digits : digits + ".0"
    }
}
