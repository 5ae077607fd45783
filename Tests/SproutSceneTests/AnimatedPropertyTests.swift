import SproutMath
import Testing
@testable import SproutScene

/// Material values an animation drives (KHR_animation_pointer) are read and written back within
/// the range the importer keeps the file's value in.
@Suite struct AnimatedPropertyTests {
    /// attenuationDistance's default is infinity (no attenuation), which no key can hold: it reads
    /// as 0, and a key of 0 or less restores it, as a light's range does.
    @Test func anAttenuationDistanceOfZeroStandsForItsDefault() {
        var material = Material()
        #expect(MaterialProperty.attenuationDistance.value(in: material) == [0])
        MaterialProperty.attenuationDistance.set([0.25], in: &material)
        #expect(material.attenuationDistance == 0.25)
        #expect(MaterialProperty.attenuationDistance.value(in: material) == [0.25])
        MaterialProperty.attenuationDistance.set([-1], in: &material)
        #expect(material.attenuationDistance == nil)
    }

    @Test func dispersionAndTheFilmKeepTheirRanges() {
        var material = Material()
        MaterialProperty.dispersion.set([-2], in: &material)
        #expect(material.dispersion == 0)
        MaterialProperty.dispersion.set([20], in: &material)
        #expect(MaterialProperty.dispersion.value(in: material) == [20])
        // The film's index is at least 1, its thicknesses at least 0 nanometres (the importer's clamps).
        MaterialProperty.iridescenceIOR.set([0.5], in: &material)
        MaterialProperty.iridescenceThicknessMinimum.set([-10], in: &material)
        MaterialProperty.iridescenceThicknessMaximum.set([650], in: &material)
        #expect(material.iridescenceIOR == 1 && material.iridescenceThicknessMinimum == 0 && material.iridescenceThicknessMaximum == 650)
        #expect(MaterialProperty.iridescenceThicknessMaximum.value(in: material) == [650])
        #expect([MaterialProperty.dispersion, .attenuationDistance, .iridescenceIOR].allSatisfy { $0.width == 1 })
    }
}
