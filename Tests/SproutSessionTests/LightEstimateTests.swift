import SproutMath
import SproutScene
import Testing
@testable import SproutSession

@Suite struct LightEstimateTests {
    /// White light is D65's 6,504 K by McCamy's formula; a warm sun colour reads lower, a
    /// blue sky higher.
    @Test func colourTemperatureOfWhiteWarmAndCool() {
        #expect(abs(LightEstimate.colorTemperature(Vec3(1, 1, 1)) - 6504) < 2)
        #expect(abs(LightEstimate.colorTemperature(Vec3(1, 0.8, 0.6)) - 4921) < 1)
        #expect(LightEstimate.colorTemperature(Vec3(0.7, 0.85, 1)) > 8000)
        #expect(LightEstimate.colorTemperature(.zero) == 6500)
    }

    /// A floor straight under a sun of intensity 1 with ambient 0.2: irradiance 1.2, 1,200 lm.
    @Test func aSurfaceSquareToTheSunReadsItsIrradiance() throws {
        var gathered = LightEstimate.Gathered()
        let lighting = Lighting(directionToLight: Vec3(0, 1, 0), intensity: 1, ambient: 0.2)
        gathered.add(normal: Vec3(0, 1, 0), lighting: lighting)
        gathered.add(normal: Vec3(0, -1, 0), lighting: lighting)   // facing away: ambient only
        let estimate = try #require(LightEstimate(gathered))
        #expect(abs(estimate.ambientIntensity - 700) < 1e-3)   // (1.2 + 0.2) / 2
        #expect(abs(estimate.ambientColorTemperature - 6504) < 2)
        #expect(LightEstimate(LightEstimate.Gathered()) == nil)
    }

    /// The lamp switched off: a floor seen from above under a sun of 1 and ambient 0.2 reads
    /// 1,200 lm; with the sun off at t = 3 the estimate falls to the ambient's 200 (a sixth),
    /// following with the smoothing time constant (0.25 s: within 1 lm after 2.5 s).
    @Test func switchingTheSunOffLowersTheEstimateToTheAmbientLight() throws {
        var stage = SessionFixture.floorStage()
        stage.lighting = Lighting(directionToLight: Vec3(0, 1, 0), intensity: 1, ambient: 0.2)
        stage.lightChanges = [LightChange(light: .directional, at: 3, intensity: 0)]
        let session = SessionFixture.running(stage, device: SessionFixture.device(from: Vec3(0, 1.5, 0.5), at: .zero))
        let lit = try #require(SessionFixture.simulate(session, seconds: 3 - SessionFixture.step).lightEstimate)
        #expect(abs(lit.ambientIntensity - 1200) < 0.01)
        let dark = try #require(SessionFixture.simulate(session, seconds: 2.5).lightEstimate)
        #expect(abs(dark.ambientIntensity - 200) < 1)
        #expect(session.lighting.intensity == 0)
    }

    /// A wall facing away from the sun reads darker than the table lit by it.
    @Test func aDimCornerReadsDarkerThanTheLitTable() throws {
        var stage = SessionFixture.floorStage()
        stage.surfaces.append(StageSurface(name: "wall", alignment: .vertical, position: Vec3(0, 1.5, -2), size: Vec2(6, 3), detail: 1))
        stage.lighting = Lighting(directionToLight: normalize(Vec3(0, 1, -1)), intensity: 1, ambient: 0.3)
        let floor = SessionFixture.running(stage, device: SessionFixture.device(from: Vec3(0, 1.5, 0), at: Vec3(0, 0, -0.5)))
        let wall = SessionFixture.running(stage, device: SessionFixture.device(from: Vec3(0, 1.5, 0), at: Vec3(0, 1.5, -2)))
        let onFloor = try #require(SessionFixture.simulate(floor, seconds: 2).lightEstimate)
        let onWall = try #require(SessionFixture.simulate(wall, seconds: 2).lightEstimate)
        let floorLumens: Float = (0.3 + Float(0.5).squareRoot()) * 1000   // the floor at 45 degrees to the sun
        #expect(abs(onFloor.ambientIntensity - floorLumens) < 1)
        #expect(abs(onWall.ambientIntensity - 300) < 1)   // the wall's lit side faces away
    }

    /// Without light estimation, and before the first run, frames carry no estimate.
    @Test func noEstimateWithoutLightEstimation() {
        let off = SessionFixture.running(
            SessionFixture.floorStage(), configuration: SessionConfiguration(isLightEstimationEnabled: false),
            device: SessionFixture.device(from: Vec3(0, 1.5, 0.5), at: .zero))
        #expect(SessionFixture.simulate(off, seconds: 0.5).lightEstimate == nil)
        let idle = Session(stage: SessionFixture.floorStage(), seed: 1)
        #expect(idle.update(deltaTime: 1.0 / 60).lightEstimate == nil)
    }
}
