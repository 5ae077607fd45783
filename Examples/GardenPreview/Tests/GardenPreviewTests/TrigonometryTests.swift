// Foundation and Sprout in one file, with the C library's elementary functions on Float and
// Double: Sprout exports no `sin`, `cos`, ... of its own, so none of these is ambiguous.
import Foundation
import Sprout
import Testing

@Test func anOrbitAroundThePlantUsesFoundationsTrigonometry() {
    let radius: Float = 0.8, height: Float = 1.25
    let angle = Float.pi / 3
    let eye = Vec3(radius * cos(angle), height, radius * sin(angle))
    #expect(abs(eye.x - 0.4) < 1e-6 && abs(eye.z - 0.69282032) < 1e-6)
    // A long expression over Float, where an ambiguous overload made the compiler give up.
    let slope = atan(tan(angle) * 0.5) + pow(exp(0.25), 2) - sqrt(abs(sin(angle) * cos(angle))) * Float(2).squareRoot()
    #expect(abs(slope - 1.43184) < 1e-4)
}

@Test func doublesToo() {
    let x = 0.5
    let value = sin(x) * sin(x) + cos(x) * cos(x) + tan(0) + atan(0) + pow(2.0, 3.0) + exp(0.0)
    #expect(abs(value - 10) < 1e-12)
}
