internal import COpenGL
import SproutMath
import SproutScene

/// The shadow map's pass: depth from the light of every caster, and what blended casters let through.
extension Renderer {
    /// Draws the shadow maps a frame needs: the whole scene's when the light, the map's size or
    /// a caster changed since it was drawn (the same for any camera), and, when the scene's
    /// casters spread far beyond what the camera sees near it (`ShadowProjection.nearPart`), a
    /// map of that near part, drawn again when the part moves. The draws, and for the near map
    /// the transform from the whole map's texture coordinates to its own.
    func prepareShadows(
        _ list: DrawList, lighting: Lighting, options: RenderOptions, camera: Camera, viewport: Viewport
    ) throws -> (draws: Int, nearTransform: Vec4?) {
        if try ShadowMap.resize(&shadowMap, to: options.shadowMapSize) { shadowMapInputs = nil }
        guard let map = shadowMap else { return (0, nil) }
        var draws = 0
        let inputs = ShadowInputs(
            size: map.size, directionToLight: lighting.directionToLight, casters: list.casters,
            casterBounds: list.casterBounds, everything: list.allBounds)
        let casterChanged = inputs != shadowMapInputs || map.projection == nil
        if casterChanged {
            let whole = ShadowProjection.fitted(toLight: inputs.directionToLight, casters: inputs.casterBounds, everything: inputs.everything)
            draws += try drawShadowMap(map, casters: list.casters, projection: whole)
            shadowMapInputs = inputs
            shadowPassCount += 1
        }
        let mapping = camera.mapping(viewport: viewport)
        guard options.nearShadowMap, let whole = map.projection,
            let part = whole.nearPart(
                seenThrough: mapping.projectionMatrix * mapping.viewMatrix, from: camera.position, looking: camera.forward,
                projection: camera.projection, everything: list.allBounds, size: map.size, viewportHeight: viewport.height)
        else {
            nearShadowMap = nil
            return (draws, nil)
        }
        try ShadowMap.resize(&nearShadowMap, to: map.size)
        // Drawn again when the part moved, or the casters changed under it (a new map has no part yet).
        if let near = nearShadowMap, casterChanged || near.projection != part {
            // Only the casters whose shadows can fall in the part.
            let casters = list.casters.filter { part.reaches($0.worldBounds) }
            draws += try drawShadowMap(near, casters: casters, projection: part)
            nearShadowPassCount += 1
        }
        return (draws, whole.transform(to: part))
    }

    /// The shadow program for alpha-cut (`.maskedShadow`) or blended (`.translucentShadow`)
    /// casters, in use, with this pass's light and `item`'s model, pose and alpha (its texture's
    /// coverage map for `cut`, which a masked key's `coverageMap` feature goes with).
    private func useAlphaShadow(_ key: ProgramKey, for item: DrawItem, cut: AlphaCut? = nil, lightViewProjection: Matrix4) throws {
        let program = try program(key)
        glUseProgram(program.id)
        program.set("uBaseColorMap", TextureUnit.baseColor.rawValue)
        let material = item.material
        let texture = item.alphaTexture
        try setDeformation(item, features: key.features, on: program)
        program.set("uLightModel", matrix: (lightViewProjection * item.world).flat)
        program.set("uBaseAlpha", material.baseColor.w)
        program.set("uAlphaCutoff", material.alphaCutoff ?? 0)
        program.set("uTextured", Int32(texture == nil ? 0 : 1))
        program.set("uUVTransform", matrix3: (material.textureMappings[.baseColor] ?? .identity).matrix)
        if let texture { bind(texture, variant: Self.variant(of: .baseColor, cut: cut), to: .baseColor) }
    }

    /// Draws the casters' depth into `map` as `projection` sees them; blended casters go to its
    /// translucent layer after the others.
    func drawShadowMap(_ map: ShadowMap, casters: [DrawItem], projection: ShadowProjection) throws -> Int {
        let rigid = try program(.shadow([]))
        let lightViewProjection = projection.viewProjection
        // Depth writes on before the map's clear (the pass before may have left them off:
        // another map's blended casters), and no culling: thin leaves and open meshes must cast.
        state.invalidate()
        state.apply(DrawState(cull: .none))
        map.beginPass()
        glUseProgram(rigid.id)
        var translucent: [DrawItem] = []
        for item in casters {
            let deformations = ShaderFeatures.of(item.deformation, on: item.mesh)
            let material = item.material
            // Blended surfaces let through 1 - alpha of the light (the translucent layer).
            // Transmissive ones cast in full: a path tracer's smooth glass sphere does nearly so
            // (the sun's light through it is a caustic it cannot sample); letting through
            // transmission x luminance measured worse (TransmissionTest -17.5 -> -16.9 dB).
            if material.blending == .transparent && material.transmission == 0 && (item.alphaTexture != nil || material.baseColor.w < 1) {
                translucent.append(item)
                continue
            }
            if material.alphaCutoff != nil {
                let cut = coverageCut(for: item)
                let features = cut == nil ? deformations : deformations.union(.coverageMap)
                try useAlphaShadow(.maskedShadow(features), for: item, cut: cut, lightViewProjection: lightViewProjection)
                drawMesh(item.mesh)
                glUseProgram(rigid.id)
                continue
            }
            if !deformations.isEmpty {
                // A posed caster: its own variant, then back to the rigid one.
                let posed = try program(.shadow(deformations))
                glUseProgram(posed.id)
                posed.set("uLightModel", matrix: (lightViewProjection * item.world).flat)
                try setDeformation(item, features: deformations, on: posed)
                drawMesh(item.mesh)
                glUseProgram(rigid.id)
                continue
            }
            rigid.set("uLightModel", matrix: (lightViewProjection * item.world).flat)
            drawMesh(item.mesh)
        }
        if !translucent.isEmpty {
            try map.beginTranslucentCasters()
            state.apply(.translucentCaster)
            for item in translucent {
                let deformations = ShaderFeatures.of(item.deformation, on: item.mesh)
                try useAlphaShadow(.translucentShadow(deformations), for: item, lightViewProjection: lightViewProjection)
                drawMesh(item.mesh)
            }
        }
        map.endPass()
        state.invalidate()
        map.fit(projection)   // only once drawn: a pass that threw leaves the map to be drawn again
        return casters.count
    }
}

extension DrawItem {
    /// The base colour texture whose alpha cuts a caster or lets light through it (none on a
    /// mesh without texture coordinates).
    fileprivate var alphaTexture: Texture? { mesh.uvs.isEmpty ? nil : material.baseColorTexture }
}
