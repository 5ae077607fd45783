import Foundation
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// When the lit programs take the environment's irradiance compiled in, render by render.
@Suite struct CompiledIrradianceTests {
    /// A uniform environment of radiance `value` (only the first coefficient is not zero).
    func uniform(_ value: Float) -> IrradianceSH {
        IrradianceSH(coefficients: [Vec3(repeating: value / 0.282095)] + Array(repeating: .zero, count: 8))
    }

    /// The first irradiance is compiled in at once; a new one only after it held for
    /// `settlingRenders` renders in a row; the one compiled in, and the one before it, are used
    /// at once when they come back.
    @Test func theFirstIrradianceAndOneThatHoldsStillAreCompiledIn() {
        var policy = CompiledIrradiance()
        func ask(_ irradiance: IrradianceSH) -> Bool { policy.compilesIn(irradiance) }
        let a = uniform(1), b = uniform(2), c = uniform(3)
        #expect(ask(a))
        #expect(ask(a))
        for render in 1..<CompiledIrradiance.settlingRenders {
            #expect(!ask(b), "render \(render) with b")
        }
        #expect(policy.compiled == a)
        #expect(ask(b))   // the settlingRenders-th render in a row
        #expect(policy.compiled == b)
        #expect(!ask(c))
        #expect(ask(b))   // back to the one compiled in
        #expect(!ask(c))   // a changing irradiance starts its count again
        #expect(policy.compiled == b)
        #expect(policy.previous == a)
        #expect(ask(a))   // the one before, whose programs are kept: at once
        #expect(policy.compiled == a && policy.previous == b)
        #expect(ask(b))
        #expect(policy.compiled == b && policy.previous == a)
    }

    /// A harmonic that is not finite has no GLSL literal: never compiled in, and it leaves the
    /// one compiled in as it was.
    @Test func anIrradianceThatIsNotFiniteIsNeverCompiledIn() {
        var policy = CompiledIrradiance()
        func ask(_ irradiance: IrradianceSH) -> Bool { policy.compilesIn(irradiance) }
        var broken = uniform(1)
        broken.coefficients[4].y = .nan
        #expect(!ask(broken))
        #expect(policy.compiled == nil)
        #expect(policy.glslDeclaration == nil)
        #expect(ask(uniform(1)))
    }

    /// The terms as GLSL constants: every float with a point or an exponent (a GLSL float
    /// literal), and digits that read back as the very same float, so the constants and the
    /// uniforms give the same pixels.
    @Test func theDeclarationSpellsEachTermExactly() throws {
        var policy = CompiledIrradiance()
        var sh = uniform(0.7)
        sh.coefficients[1] = Vec3(0, 1e-6, -3)
        sh.coefficients[6] = Vec3(0.25, 1, 2)
        _ = policy.compilesIn(sh)
        let declaration = try #require(policy.glslDeclaration)
        #expect(declaration.hasPrefix("const vec3 kIrradianceSH[9] = vec3[9](vec3("))
        #expect(declaration.hasSuffix("));\n"))
        let body = declaration.dropFirst("const vec3 kIrradianceSH[9] = vec3[9](".count).dropLast(3)
        let literals = body.replacingOccurrences(of: "vec3(", with: "").replacingOccurrences(of: ")", with: "")
            .components(separatedBy: ", ")
        #expect(literals.count == 27)
        #expect(literals.allSatisfy { $0.contains(".") || $0.contains("e") })
        #expect(literals.contains { $0.contains("e-") })
        let values = literals.compactMap(Float.init)
        #expect(values == sh.shaderTerms.flatMap { [$0.x, $0.y, $0.z] })
    }
}
