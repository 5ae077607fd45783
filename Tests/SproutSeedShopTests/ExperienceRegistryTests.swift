import Testing
@testable import SproutSeedShop

@Suite struct ExperienceRegistryTests {
    let registry = ExperienceRegistry(
        associatedDomains: ["seedshop.example", "Garden.example"],
        experiences: [
            Experience(url: "https://seedshop.example/", title: "Seed Shop"),
            Experience(url: "https://seedshop.example/herbs", title: "Herb garden"),
            Experience(url: "https://seedshop.example/herbs/flagship", title: "Flagship herbs"),
            Experience(url: "https://garden.example/store", title: "Garden store")
        ])
    let keys = ["sunfl", "basil", "tomato"]

    /// URL -> (experience title, product key) for the accepted ones.
    @Test(
        arguments: [
            ("https://seedshop.example/sunfl", "Seed Shop", "sunfl"),
            ("https://seedshop.example/herbs/basil", "Herb garden", "basil"),
            ("https://seedshop.example/herbs/flagship/basil", "Flagship herbs", "basil"),   // most specific wins
            ("https://seedshop.example/herbs", "Herb garden", nil),   // the bare registered URL
            ("https://seedshop.example", "Seed Shop", nil),
            ("https://seedshop.example/", "Seed Shop", nil),
            ("https://SEEDSHOP.example/tomato?variety=roma", "Seed Shop", "tomato"),
            ("https://garden.example/store/basil", "Garden store", "basil")
        ] as [(String, String, String?)])
    func acceptedURLs(_ url: String, experience: String, key: String?) throws {
        let invocation = try registry.resolve(url, productKeys: keys)
        #expect(invocation.experience.title == experience)
        #expect(invocation.productKey == key)
    }

    /// Both were accepted as if they were the registered URL.
    @Test func credentialsAndPortsAreRefused() {
        #expect(throws: InvocationError.credentials("https://user:pw@seedshop.example/sunfl")) {
            try registry.resolve("https://user:pw@seedshop.example/sunfl", productKeys: keys)
        }
        #expect(throws: InvocationError.credentials("https://evil@seedshop.example/sunfl")) {
            try registry.resolve("https://evil@seedshop.example/sunfl", productKeys: keys)
        }
        #expect(throws: InvocationError.port(url: "https://seedshop.example:99999/sunfl", port: 99999)) {
            try registry.resolve("https://seedshop.example:99999/sunfl", productKeys: keys)
        }
        #expect(throws: InvocationError.port(url: "https://seedshop.example:8443/sunfl", port: 8443)) {
            try registry.resolve("https://seedshop.example:8443/sunfl", productKeys: keys)
        }
        #expect((try? registry.resolve("https://seedshop.example:443/sunfl", productKeys: keys))?.productKey == "sunfl")   // https's own
        #expect(
            InvocationError.port(url: "https://seedshop.example:99999/sunfl", port: 99999).description
                == "https://seedshop.example:99999/sunfl: invocation URLs name no port (got 99999); refused")
    }

    @Test func messagesQuoteAtMost200CharactersOfAURL() {
        let long = "ftp://seedshop.example/" + String(repeating: "a", count: 1_000_000)
        let error = #expect(throws: InvocationError.self) { try registry.resolve(long, productKeys: keys) }
        let text = error?.description ?? ""
        #expect(text.utf8.count < 300)
        #expect(text.hasSuffix("... (1000023 bytes): App Clip invocation URLs are https"))
    }

    @Test func queryItemsAreRead() throws {
        let invocation = try registry.resolve("https://seedshop.example/tomato?variety=roma&size=large", productKeys: keys)
        #expect(invocation.query("variety") == "roma" && invocation.query("size") == "large" && invocation.query("colour") == nil)
    }

    @Test(arguments: [
        (
            "https://evil.example/sunfl",
            InvocationError.foreignHost(url: "https://evil.example/sunfl", host: "evil.example", associated: ["seedshop.example", "garden.example"])
        ),
        ("http://seedshop.example/sunfl", .notHTTPS("http://seedshop.example/sunfl")),
        ("not a url at all", .notAURL("not a url at all")),
        ("https://garden.example/elsewhere/basil", .noExperience("https://garden.example/elsewhere/basil")),
        ("https://garden.example/stores/basil", .noExperience("https://garden.example/stores/basil")),   // a prefix ends at a path boundary
        ("https://seedshop.example/cactus", .unknownProduct(url: "https://seedshop.example/cactus", key: "cactus", known: ["basil", "sunfl", "tomato"])),
        (
            "https://seedshop.example/..%2F..%2Fetc%2Fpasswd",
            .badProductKey(
                url: "https://seedshop.example/..%2F..%2Fetc%2Fpasswd", key: "..%2F..%2Fetc%2Fpasswd",
                reason: "is a dot segment or contains an encoded or escaped character; refused")
        ),
        (
            "https://seedshop.example/herbs/../sunfl",
            .badProductKey(
                url: "https://seedshop.example/herbs/../sunfl", key: "..", reason: "is a dot segment or contains an encoded or escaped character; refused")
        ),
        (
            "https://seedshop.example/%2e%2e",
            .badProductKey(
                url: "https://seedshop.example/%2e%2e", key: "%2e%2e", reason: "is a dot segment or contains an encoded or escaped character; refused")
        ),
        (
            "https://seedshop.example/sun fl",
            .badProductKey(
                url: "https://seedshop.example/sun fl", key: "sun%20fl", reason: "is a dot segment or contains an encoded or escaped character; refused")
        ),
        (
            "https://seedshop.example/sunfl.usdz",
            .badProductKey(url: "https://seedshop.example/sunfl.usdz", key: "sunfl.usdz", reason: "may contain only letters, digits, '-' and '_'")
        )
    ])
    func refusedURLs(_ url: String, error: InvocationError) {
        #expect(throws: error) { try registry.resolve(url, productKeys: keys) }
    }

    @Test func refusalsSayWhatIsWrong() {
        let error = #expect(throws: InvocationError.self) { try registry.resolve("https://evil.example/sunfl", productKeys: keys) }
        #expect(
            error?.description
                == "https://evil.example/sunfl: evil.example is not an associated domain of the Seed Shop (seedshop.example, garden.example); refused")
    }
}
