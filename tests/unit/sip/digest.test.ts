import { describe, expect, it } from "vitest";
import { authorizationHeader, digestResponse, parseChallenge, pickChallenge } from "@/lib/telephony/sip/digest";

// RFC 7616 §3.9.1: the same request answered with MD5 and with SHA-256.
const vector = {
  credentials: { username: "Mufasa", password: "Circle of Life" },
  method: "GET",
  uri: "/dir/index.html",
  nonceCount: 1,
  cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",
};
const challengeText = (algorithm: string) =>
  `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`;

describe("digest authentication", () => {
  it("computes RFC 7616's MD5 and SHA-256 test vectors", () => {
    expect(digestResponse({ ...vector, challenge: parseChallenge(challengeText("MD5"))! })).toBe("8ca523f5e9506fed4657c9700eebdbec");
    expect(digestResponse({ ...vector, challenge: parseChallenge(challengeText("SHA-256"))! })).toBe("753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1");
  });

  it("computes RFC 2617's qop=auth example and the RFC 2069 form without qop", () => {
    const challenge = parseChallenge('Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"')!;
    const input = { challenge, credentials: { username: "Mufasa", password: "Circle Of Life" }, method: "GET", uri: "/dir/index.html", nonceCount: 1, cnonce: "0a4f113b" };
    expect(digestResponse(input)).toBe("6629fae49393a05397450978507c4ef1");
    expect(digestResponse({ ...input, challenge: { ...challenge, qop: [] } })).toBe("670fd8c2df070c60b045671b8b24ff02");
  });

  it("writes the Authorization value with qop, nc, cnonce and opaque", () => {
    const header = authorizationHeader({ ...vector, challenge: parseChallenge(challengeText("SHA-256"))! });
    expect(header).toBe(
      'Digest username="Mufasa", realm="http-auth@example.org", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", uri="/dir/index.html", response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1", algorithm=SHA-256, opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", qop=auth, nc=00000001, cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"',
    );
  });

  it("prefers SHA-256 among several challenges and ignores what it cannot answer", () => {
    expect(pickChallenge([challengeText("MD5"), challengeText("SHA-256")])?.algorithm).toBe("SHA-256");
    expect(pickChallenge(['Basic realm="x"', challengeText("MD5")])?.algorithm).toBe("MD5");
    expect(parseChallenge('Digest realm="x", nonce="y", algorithm=SHA-512-256')).toBeNull();
    expect(parseChallenge('Digest nonce="y"')).toBeNull();
    expect(parseChallenge('Digest realm="x", nonce="y", stale=TRUE')?.stale).toBe(true);
  });
});
