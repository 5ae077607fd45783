import SproutSession
import Testing
@testable import SproutGeo

@Suite struct GeodesyTests {
    static func dms(_ d: Double, _ m: Double, _ s: Double) -> Double { (abs(d) + m / 60 + s / 3600) * (d < 0 ? -1 : 1) }

    /// EPSG Guidance Note 7-2 (IOGP Publication 373-7-2), section 2.2.1, geographic to
    /// geocentric conversion example on WGS 84: 53°48'33.820"N 2°07'46.380"E, h = 73.0 m.
    @Test func ecefMatchesTheEPSGExample() {
        let c = GeoCoordinate(latitude: Self.dms(53, 48, 33.820), longitude: Self.dms(2, 7, 46.380), altitude: 73.0)
        let p = WGS84.ecef(c)
        #expect(abs(p.x - 3_771_793.968) < 0.001)
        #expect(abs(p.y - 140_253.342) < 0.001)
        #expect(abs(p.z - 5_124_304.349) < 0.001)
        let back = WGS84.geodetic(p)
        #expect(abs(back.latitude - c.latitude) < 1e-9 && abs(back.longitude - c.longitude) < 1e-9 && abs(back.altitude - 73) < 1e-4)
    }

    /// Geoscience Australia's Vincenty example: Flinders Peak to Buninyong, 54 972.271 m
    /// (GDA94/GRS80; WGS 84's flattening differs by less than a millimetre over this line).
    @Test func vincentyMatchesTheGeoscienceAustraliaExample() throws {
        let flinders = GeoCoordinate(latitude: -Self.dms(37, 57, 3.72030), longitude: Self.dms(144, 25, 29.52440))
        let buninyong = GeoCoordinate(latitude: -Self.dms(37, 39, 10.15610), longitude: Self.dms(143, 55, 35.38390))
        let d = try #require(WGS84.distance(flinders, buninyong))
        #expect(abs(d - 54_972.271) < 0.01)
    }

    static let origin = GeoOrigin(latitude: 37.7956, longitude: -122.3935, altitude: 10, heading: 30)

    @Test(arguments: [(0.0, 0.0, 0.0), (100, 2, -250), (-7000, 30, 7000), (9000, -5, -3000), (0, 400, 10)])
    func stagePositionsRoundTripWithinAMillimetre(x: Double, y: Double, z: Double) {
        let frame = LocalGeoFrame(origin: Self.origin)
        let c = frame.coordinate(stage: SIMD3(x, y, z))
        let p = frame.stagePosition(c)
        #expect(abs(p.x - x) < 0.001 && abs(p.y - y) < 0.001 && abs(p.z - z) < 0.001)
    }

    @Test func theHeadingTurnsTheStageAndTenKilometresMeasureAsTheEllipsoidDoes() throws {
        let frame = LocalGeoFrame(origin: GeoOrigin(latitude: 48.8584, longitude: 2.2945, heading: 90))
        // Heading 90: the stage's -Z points east; 10 km along it is 10 km east.
        let east = frame.coordinate(stage: SIMD3(0, 0, -10_000))
        #expect(abs(east.latitude - 48.8584) < 0.01 && east.longitude > 2.2945)
        let enu = frame.enu(east)
        #expect(abs(enu.x - 10_000) < 0.5 && abs(enu.y) < 10)
        let d = try #require(WGS84.distance(frame.origin, east))
        #expect(abs(d - 10_000) / 10_000 < 0.001)
        // Heading 0: -Z is north.
        let northFrame = LocalGeoFrame(origin: GeoOrigin(latitude: 48.8584, longitude: 2.2945, heading: 0))
        #expect(northFrame.coordinate(stage: SIMD3(0, 0, -1000)).latitude > 48.8584)
    }
}

@Suite struct GeoTrackingStatusTests {
    @Test func labelsAreTheSamplesTexts() {
        #expect(GeoTrackingStatus(state: .localized, accuracy: .high).labelText(tracking: .normal) == "Accuracy: High")
        #expect(GeoTrackingStatus(state: .localizing, reason: .devicePointedTooLow).labelText(tracking: .normal) == "\nPoint the camera at a nearby building.")
        #expect(
            GeoTrackingStatus(state: .localizing, reason: .worldTrackingUnstable).labelText(tracking: .limited(.excessiveMotion))
                == "\nLimited tracking: Too much motion.")
        #expect(GeoTrackingStatus(state: .localizing, reason: .worldTrackingUnstable).labelText(tracking: .normal) == "\nLimited tracking.")
        #expect(GeoTrackingStatus(state: .initializing).labelText(tracking: .normal) == "")
        #expect(GeoTrackingStatus.Reason.waitingForAvailabilityCheck.description == "ARKit is checking Location Anchor availability at your locaiton")
        #expect(
            GeoTrackingStatus.Reason.notAvailableAtLocation.description
                == "Geotracking is unavailable here. Please return to your previous location to continue")
        #expect(GeoTrackingStatus.State.notAvailable.description == "Not available")
        #expect(
            GeoTrackingStatus.Reason.allCases.map(\.description) == [
                "None",
                "Geotracking is unavailable here. Please return to your previous location to continue",
                "App needs location permissions",
                "Limited tracking",
                "Downloading localization imagery. Please wait",
                "Point the camera at a nearby building",
                "Point the camera at a building unobstructed by trees or other objects",
                "ARKit is waiting for the system to provide a precise coordinate for the user",
                "ARKit is checking Location Anchor availability at your locaiton"
            ])
        #expect(GeoTrackingStatus.Accuracy.allCases.map(\.description) == ["Undetermined", "Low", "Medium", "High"])
        #expect(GeoTrackingStatus.unavailableMessage("Not here") == "Not here\nPlease try again in an area where geotracking is supported.")
    }
}

@Suite struct GPXTests {
    @Test func waypointsRoundTripWithEightDecimals() throws {
        let points = [
            Waypoint(name: "Ferry Building <clock>", coordinate: GeoCoordinate(latitude: 37.79559898, longitude: -122.39350123, altitude: 12.5)),
            Waypoint(name: "Pier", coordinate: GeoCoordinate(latitude: -0.5, longitude: 0.000000004, altitude: -3))
        ]
        let text = GPX.write(points)
        #expect(text.contains("<wpt lat=\"37.79559898\" lon=\"-122.39350123\">"))
        #expect(text.contains("<ele>12.50000000</ele>"))
        #expect(text.contains("<name>Ferry Building &lt;clock&gt;</name>"))
        #expect(text.contains("lon=\"0.00000000\""))
        let back = try GPX.read(text, file: "a.gpx")
        #expect(back.map(\.name) == ["Ferry Building <clock>", "Pier"])
        #expect(abs(back[0].coordinate.latitude - 37.79559898) < 1e-12 && back[0].coordinate.altitude == 12.5)
        #expect(back[1].coordinate.longitude == 0)
    }

    @Test(arguments: [
        ("<gpx>\n<wpt lat=\"91\" lon=\"0\"></wpt>\n</gpx>", 2, "lat=\"91\" must be a number in -90.0...90.0"),
        ("<gpx>\n<wpt lon=\"0\"></wpt>\n</gpx>", 2, "<wpt> has no lat attribute"),
        ("<gpx>\n<wpt lat=\"1\" lon=\"2\">\n<ele>high</ele>\n</wpt>\n</gpx>", 3, "<ele> must be a height in metres, got 'high'"),
        ("<gpx>\n<wpt lat=\"1\" lon=\"2\">\n", 3, "the file ends before </gpx>"),
        ("<gpx>\n<wpt lat=1 lon=\"2\"></wpt></gpx>", 2, "<wpt>: the value of lat must be quoted"),
        ("<kml>\n</kml>", 1, "<kml> before <gpx>: not a GPX file"),
        ("just text", 1, "no <gpx> element: not a GPX file"),
        ("<gpx>\n<!-- open comment\n", 2, "a comment is not closed")
    ])
    func malformedGPXIsRefusedWithLineAndReason(_ text: String, line: Int, reason: String) {
        #expect(throws: GPXError(file: "bad.gpx", line: line, message: reason)) { try GPX.read(text, file: "bad.gpx") }
    }
}

/// GPX is bounded like every other file Sprout reads (30,000 waypoints reached 1.7 GB).
@Suite struct GPXLimitTests {
    @Test func moreThanAThousandWaypointsAreRefusedWithTheLine() {
        let text = "<gpx>\n" + String(repeating: "<wpt lat=\"1\" lon=\"2\"/>\n", count: GPX.maximumWaypoints + 1) + "</gpx>\n"
        #expect(throws: GPXError(file: "many.gpx", line: 1002, message: "more than 1000 waypoints; each becomes an anchor")) {
            try GPX.read(text, file: "many.gpx")
        }
        #expect(throws: Never.self) { try GPX.read("<gpx>\n" + String(repeating: "<wpt lat=\"1\" lon=\"2\"/>\n", count: 1000) + "</gpx>\n", file: "ok.gpx") }
    }

    @Test func aFileOverEightMebibytesIsRefusedUnread() {
        let text = "<gpx>" + String(repeating: " ", count: GPX.maximumBytes) + "</gpx>"
        #expect(throws: GPXError(file: "big.gpx", line: 0, message: "is 8388619 bytes; GPX files are limited to 8388608")) {
            try GPX.read(text, file: "big.gpx")
        }
    }
}
