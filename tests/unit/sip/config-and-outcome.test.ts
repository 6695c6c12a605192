import { describe, expect, it } from "vitest";
import { endKindForStatus } from "@/lib/telephony/sip/call-outcome";
import { loadSipConfig } from "@/lib/telephony/sip/config";
import { userAgentOptionsFromConfig } from "@/lib/telephony/sip/user-agent";

describe("SIP configuration", () => {
  it("defaults to 0.0.0.0:5060 and RTP 10000-20000, and reads SIP_PUBLIC_ADDRESS with an optional port", () => {
    expect(loadSipConfig({})).toEqual({ bindAddress: "0.0.0.0", port: 5060, publicAddress: undefined, rtpPortMin: 10000, rtpPortMax: 20000 });
    expect(loadSipConfig({ SIP_PORT: "5080", SIP_BIND_ADDRESS: "10.0.0.4", SIP_PUBLIC_ADDRESS: "203.0.113.7:15060", RTP_PORT_MIN: "30000", RTP_PORT_MAX: "30999" })).toEqual({
      bindAddress: "10.0.0.4",
      port: 5080,
      publicAddress: { host: "203.0.113.7", port: 15060 },
      rtpPortMin: 30000,
      rtpPortMax: 30999,
    });
    expect(loadSipConfig({ SIP_PUBLIC_ADDRESS: "sip.example.com" }).publicAddress).toEqual({ host: "sip.example.com" });
    expect(userAgentOptionsFromConfig(loadSipConfig({ SIP_PORT: "5070", SIP_PUBLIC_ADDRESS: "203.0.113.7" }))).toEqual({
      bindAddress: "0.0.0.0",
      port: 5070,
      publicAddress: { host: "203.0.113.7" },
      rtpPorts: { min: 10000, max: 20000 },
    });
  });

  it("names the variable that is wrong", () => {
    expect(() => loadSipConfig({ SIP_PORT: "70000" })).toThrow(/SIP_PORT/);
    expect(() => loadSipConfig({ SIP_BIND_ADDRESS: "localhost" })).toThrow(/SIP_BIND_ADDRESS: must be an IP address/);
    expect(() => loadSipConfig({ SIP_PUBLIC_ADDRESS: "bad host!" })).toThrow(/SIP_PUBLIC_ADDRESS/);
    expect(() => loadSipConfig({ RTP_PORT_MIN: "20000", RTP_PORT_MAX: "10000" })).toThrow(/RTP_PORT_MIN must be at least 1024 and below RTP_PORT_MAX/);
  });
});

describe("call outcome of a final response", () => {
  it("maps 486/600 to busy, 408/480 to no_answer, 487 by who canceled, the rest to failed", () => {
    expect([486, 600].map((status) => endKindForStatus(status, null))).toEqual(["busy", "busy"]);
    expect([408, 480].map((status) => endKindForStatus(status, null))).toEqual(["no_answer", "no_answer"]);
    expect(endKindForStatus(487, "ring_timeout")).toBe("no_answer");
    expect(endKindForStatus(487, "local")).toBe("canceled");
    expect([487, 404, 403, 488, 500, 503, 603, 302].map((status) => endKindForStatus(status, null))).toEqual(Array(8).fill("failed"));
  });
});
