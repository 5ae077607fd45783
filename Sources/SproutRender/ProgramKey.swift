import SproutScene

/// Which program: its sources, and for the lit one its features.
enum ProgramKey: Hashable {
    case lit(ShaderFeatures)
    /// Depth from the light, with the caster's deformation features.
    case shadow(ShaderFeatures)
    /// Depth of alpha-cut casters, with their deformation features and `coverageMap` where the
    /// caster's texture is read through one.
    case maskedShadow(ShaderFeatures)
    /// What blended casters let through, into the map's translucent layer, with their deformation features.
    case translucentShadow(ShaderFeatures)
    case sky
    /// The sky pass drawing an HDR environment (EQUIRECT), with the view's tone mapper.
    case environment(ToneMapping)
    /// The probe's GGX prefilter (PREFILTER).
    case prefilter

    /// The features the program was compiled with (none for the sky's).
    var features: ShaderFeatures {
        switch self {
        case .lit(let f), .shadow(let f), .maskedShadow(let f), .translucentShadow(let f): f
        default: []
        }
    }
}
