import Crypto
import Testing
import OceanDaily
import OceanSystem

/// What a run's signature covers: the day, the name and the replay, each.
@Suite struct RunSignatureTests {
    @Test func aSignatureHoldsOnlyForItsDayNameAndReplay() throws {
        let key = Curve25519.Signing.PrivateKey(), other = Curve25519.Signing.PrivateKey()
        let body = Array("OCEAN-REPLAY 11\n".utf8)
        let h = Dictionary(uniqueKeysWithValues: try RunSignature.headers(date: "2026-12-01", name: "ana", body: body, key: key))
        let pub = try #require(h[RunSignature.keyHeader]), sig = try #require(h[RunSignature.signatureHeader])
        #expect(RunSignature.problem(date: "2026-12-01", name: "ana", body: body, publicKey: pub, signature: sig) == nil)
        #expect(RunSignature.problem(date: "2026-12-02", name: "ana", body: body, publicKey: pub, signature: sig) != nil)
        #expect(RunSignature.problem(date: "2026-12-01", name: "bo", body: body, publicKey: pub, signature: sig) != nil)
        #expect(RunSignature.problem(date: "2026-12-01", name: "ana", body: body + [10], publicKey: pub, signature: sig) != nil)
        let otherPub = Base64.encode(Array(other.publicKey.rawRepresentation))
        #expect(RunSignature.problem(date: "2026-12-01", name: "ana", body: body, publicKey: otherPub, signature: sig)?
            .contains("does not match") == true)
        #expect(RunSignature.problem(date: "2026-12-01", name: "ana", body: body, publicKey: "AAAA", signature: sig)?
            .contains("not an Ed25519 public key") == true)
    }

    @Test func namesAreShortPlainLabels() {
        #expect(RunSignature.nameProblem("ana_b-1.x") == nil)
        for bad in ["", String(repeating: "a", count: 33), "a b", "<b>", "é"] { #expect(RunSignature.nameProblem(bad) != nil, "\(bad)") }
    }
}

/// Names as people read them (`RunSignature.skeleton`).
@Suite struct NameSkeletonTests {
    @Test func lookAlikesShareASkeletonAndOthersDoNot() {
        let ana = RunSignature.skeleton("ana")
        for alike in ["Ana", "ANA", "ana.", "_ana_", "-ana..", "AnA"] { #expect(RunSignature.skeleton(alike) == ana, "\(alike)") }
        #expect(RunSignature.skeleton("bilI") == RunSignature.skeleton("bill") && RunSignature.skeleton("bi11") == "bill")
        #expect(RunSignature.skeleton("b0b") == RunSignature.skeleton("bob"))
        #expect(RunSignature.skeleton("rnary") == RunSignature.skeleton("mary") && RunSignature.skeleton("vvill") == "will")
        #expect(RunSignature.skeleton("clave") == RunSignature.skeleton("dave"))
        for other in ["anna", "an", "a.na", "bo", "ana2"] { #expect(RunSignature.skeleton(other) != ana, "\(other)") }
    }
}
