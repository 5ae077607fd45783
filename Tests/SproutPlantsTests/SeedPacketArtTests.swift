import SproutMath
import Testing
import SproutScene
@testable import SproutPlants

@Suite struct SeedPacketArtTests {
    @Test func packetIsEightByTwelveCentimetresAtFourThousandPixelsPerMetre() {
        let image = SeedPacketArt(url: "https://seedshop.example/sunfl").image()
        #expect(image.width == 320 && image.height == 480)
        // The code's centre (0, 3.5 cm below the packet centre) is its dark middle; the green band is at the top.
        let code = image[160, 240 + 140]
        #expect(code.r < 40 && code.g < 40 && code.b < 40)
        let band = image[10, 10]
        #expect(band.g > band.r && band.g > band.b)
    }

    @Test func theCodeDependsOnTheURLAndNothingElse() {
        let a = SeedPacketArt(url: "https://seedshop.example/sunfl").image()
        #expect(a == SeedPacketArt(url: "https://seedshop.example/sunfl").image())
        #expect(a != SeedPacketArt(url: "https://seedshop.example/tomato").image())
    }
}

@Suite struct SeedPacketMotifTests {
    @Test func eachMotifPaintsADifferentPicture() {
        let motifs: [SeedPacketArt.Motif] = [.daisy, .fruits, .spikes, .cup, .ear]
        let images = motifs.map { SeedPacketArt(petalColor: Vec3(0.8, 0.1, 0.1), motif: $0, url: "https://seedshop.example/x").image() }
        for i in images.indices { for j in images.indices where j > i { #expect(images[i] != images[j]) } }
    }
}
