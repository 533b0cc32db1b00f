import Foundation
import Testing
@testable import LinkSDK

@Suite("LinkSDK payloads: the v2 fields, decoded from Mesh's JSON keys")
struct PayloadTests {
    static let accessTokenJSON = #"""
    {"accountTokens":[{"account":{"accountId":"acc-1","accountName":"Main","frontAccountId":"f-1","fund":12.5,"cash":3,"isReconnected":false},
      "accessToken":"at-1","refreshToken":"rt-1"}],
     "brokerBrandInfo":{"brokerLogo":"data:image/png;base64,AAAA","brokerPrimaryColor":"#0052FF"},
     "expiresInSeconds":3600,"refreshTokenExpiresInSeconds":86400,"brokerType":"coinbase","brokerName":"Coinbase"}
    """#

    @Test("an access-token payload decodes, its id is LinkSDK's MD5 of brokerType + first accountId, and round-trips")
    func accessToken() throws {
        let payload = try JSONDecoder().decode(AccessTokenPayload.self, from: Data(Self.accessTokenJSON.utf8))
        #expect(payload.accountTokens.first?.account.fund == 12.5)
        #expect(payload.brokerBrandInfo.brokerPrimaryColor == "#0052FF")
        // md5("coinbaseacc-1")
        #expect(payload.id == "faef41343c8caff1152f24bff2920997")
        let token = payload.integrationAccessToken(accountToken: payload.accountTokens[0])
        #expect(token.accountId == "acc-1" && token.accountName == "Main" && token.accessToken == "at-1")
        #expect(token.brokerType == "coinbase" && token.brokerName == "Coinbase")
        let again = try JSONDecoder().decode(AccessTokenPayload.self, from: JSONEncoder().encode(payload))
        #expect(again.id == payload.id && again.expiresInSeconds == 3600)
    }

    @Test("MD5 matches RFC 1321 (checked against Python's hashlib), across the padding boundaries")
    func md5() {
        let cases: [(String, String)] = [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("coinbaseacc-1", "faef41343c8caff1152f24bff2920997"),
        ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "04364420e25c512fd958a70738aa8f72"),
        ("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy", "6c830a5d23df58dbe0171eb5639bf3e4"),
        ("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "3ecc49f9d9d6c263b4f0de7fc3f38aed"),
        ("é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽é日本👍🏽", "7a127b053fa3dcc1392aeb8f966ea808"),
        ]
        for (text, digest) in cases {
            #expect(MD5.hex(text.utf8) == digest, "md5 of \(text.prefix(20))")
        }
    }
}
