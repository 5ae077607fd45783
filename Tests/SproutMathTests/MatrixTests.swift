import Testing
@testable import SproutMath

@Suite struct Matrix4Tests {
    @Test func multiplyingByIdentityChangesNothing() {
        let m = Matrix4(rows: [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 0, 0, 1]])
        #expect(m * .identity == m)
        #expect(Matrix4.identity * m == m)
    }

    @Test func productFollowsRowTimesColumn() {
        let a = Matrix4(rows: [[1, 2, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        let b = Matrix4(rows: [[1, 0, 0, 3], [0, 1, 0, 4], [0, 0, 1, 5], [0, 0, 0, 1]])
        #expect(a * b == Matrix4(rows: [[1, 2, 0, 11], [0, 1, 0, 4], [0, 0, 1, 5], [0, 0, 0, 1]]))
    }

    @Test func translationMovesPointsButNotDirections() {
        let t = Matrix4.translation(Vec3(1, 2, 3))
        #expect(t.transformPoint(Vec3(1, 1, 1)) == Vec3(2, 3, 4))
        #expect(t.transformDirection(Vec3(1, 1, 1)) == Vec3(1, 1, 1))
    }

    @Test func rotationYQuarterTurnTakesXToMinusZ() {
        let r = Matrix4.rotationY(.pi / 2)
        #expect(r.transformPoint(Vec3(1, 0, 0)).isApproximately(Vec3(0, 0, -1)))
    }

    @Test func inverseUndoesAnAffineMatrix() throws {
        let m = Matrix4.translation(Vec3(1, -2, 3)) * Matrix4.rotationY(0.7) * Matrix4.scale(Vec3(2, 3, 4))
        let inv = try #require(m.inverse)
        #expect((m * inv).isApproximately(.identity))
        #expect(m.determinant == 24 || abs(m.determinant - 24) < 1e-4)
    }

    @Test func singularMatrixHasNoInverse() {
        #expect(Matrix4.scale(Vec3(1, 0, 1)).inverse == nil)
    }
}

@Suite struct QuaternionTests {
    @Test func rotatesLikeTheMatrix() {
        let q = Quaternion(angle: 0.9, axis: Vec3(1, 2, 3))
        let v = Vec3(0.3, -1, 2)
        #expect(q.act(v).isApproximately(q.matrix.transformDirection(v)))
    }

    @Test func roundTripsThroughAMatrix() {
        let q = Quaternion(angle: 2.5, axis: Vec3(-1, 0.5, 0.2))
        #expect(Quaternion(rotationMatrix: q.matrix).isApproximately(q))
    }

    @Test func slerpHalfwayIsHalfTheAngle() {
        let a = Quaternion.identity, b = Quaternion(angle: .pi / 2, axis: .unitY)
        #expect(Quaternion.slerp(a, b, t: 0.5).isApproximately(Quaternion(angle: .pi / 4, axis: .unitY)))
    }

    @Test func yawReadsTheTurnAboutY() {
        #expect(abs(Quaternion(angle: 0.6, axis: .unitY).yaw - 0.6) < 1e-6)
        #expect(abs(Quaternion(angle: -2.0, axis: .unitY).yaw + 2.0) < 1e-6)
    }
}

@Suite struct AngleTests {
    @Test func wrapKeepsAnglesInMinusPiExclusiveToPiInclusive() {
        #expect(wrapAngle(.pi) == .pi)
        #expect(abs(wrapAngle(-.pi) - .pi) < 1e-6)
        #expect(abs(wrapAngle(3 * .pi / 2) + .pi / 2) < 1e-6)
        #expect(abs(wrapAngle(-3 * .pi / 2) - .pi / 2) < 1e-6)
        #expect(wrapAngle(0.25) == 0.25)
    }
}
