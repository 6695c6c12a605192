import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundAddressPolicy, nonPublicReason } from "@/lib/net/outbound-address-policy";
import { BlockedAddressError, OutboundRequestError, OutboundTimeoutError, ResponseTooLargeError } from "@/lib/net/outbound-errors";
import { createSafeFetch } from "@/lib/net/safe-fetch";

let server: Server;
let port: number;
const hits: string[] = [];
const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    const handler = handlers.get(new URL(req.url ?? "/", "http://x").pathname);
    if (handler) handler(req, res);
    else res.end("hello");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Resolves the given names to fixed addresses, as a DNS server would. */
function fakeDns(records: Record<string, string>): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const address = records[hostname];
    if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
    const family = address.includes(":") ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the request to be refused");
}

describe("address classification", () => {
  it.each([
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "100.64.0.1",
    "127.0.0.1",
    "0.0.0.0",
    "169.254.169.254",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    "2001:db8::1",
  ])("%s is not public", (address) => {
    expect(nonPublicReason(address)).not.toBeNull();
  });

  it.each(["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])("%s is public", (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });

  it("lets an allowlisted range through, but a metadata address only when listed exactly", () => {
    const policy = createOutboundAddressPolicy(["127.0.0.0/8", "169.254.0.0/16", "*.ignored", "Hooks.Internal"]);
    expect(policy.addressRefusal("127.0.0.5")).toBeNull();
    expect(policy.addressRefusal("::ffff:127.0.0.5")).toBeNull();
    expect(policy.addressRefusal("10.0.0.1")).not.toBeNull();
    expect(policy.addressRefusal("169.254.1.1")).toBeNull();
    expect(policy.addressRefusal("169.254.169.254")).not.toBeNull();
    expect(createOutboundAddressPolicy(["169.254.169.254"]).addressRefusal("169.254.169.254")).toBeNull();
    expect(policy.hostAllowed("hooks.internal")).toBe(true);
    expect(policy.hostAllowed("other.internal")).toBe(false);
  });

  it("refuses a malformed range in the allowlist", () => {
    expect(() => createOutboundAddressPolicy(["10.0.0.0/33"])).toThrow(/OUTBOUND_ALLOWED_HOSTS/);
  });
});

describe("safeFetch", () => {
  it("refuses loopback without the allowlist, and the server sees no request", async () => {
    const fetch = createSafeFetch();
    hits.length = 0;
    const error = await refusal(fetch(`http://127.0.0.1:${port}/`));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as OutboundRequestError).code).toBe("blocked_address");
    expect(hits).toEqual([]);
    await fetch.close();
  });

  it("refuses IP literals in other spellings", async () => {
    const fetch = createSafeFetch();
    for (const url of [`http://2130706433:${port}/`, `http://0x7f.1:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, `http://[::1]:${port}/`]) {
      expect(await refusal(fetch(url)), url).toBeInstanceOf(BlockedAddressError);
    }
    await fetch.close();
  });

  it("refuses `localhost`, which resolves to loopback, at connect time", async () => {
    const fetch = createSafeFetch();
    expect(await refusal(fetch(`http://localhost:${port}/`))).toBeInstanceOf(BlockedAddressError);
    await fetch.close();
  });

  it("reaches loopback when the allowlist names it", async () => {
    const fetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(200);
    expect(response.text()).toBe("hello");
    await fetch.close();
  });

  it("refuses a host name that resolves to a private address, and uses the checked address to connect", async () => {
    const dns = fakeDns({ "hooks.example.com": "10.20.30.40", "api.example.com": "127.0.0.1" });
    const strict = createSafeFetch({ lookup: dns });
    const error = await refusal(strict(`http://hooks.example.com:${port}/`));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as BlockedAddressError).address).toBe("10.20.30.40");
    await strict.close();

    // The operator vouches for api.example.com: the lookup hook's answer is what the socket connects to.
    const trusting = createSafeFetch({ lookup: dns, allowlist: ["api.example.com"] });
    expect((await trusting(`http://api.example.com:${port}/`)).text()).toBe("hello");
    await trusting.close();
  });

  it("follows a redirect between allowed hosts and refuses one from an allowed host to a blocked one", async () => {
    handlers.set("/to-allowed", (_req, res) => res.writeHead(302, { location: "/landing" }).end());
    handlers.set("/landing", (_req, res) => res.end("landed"));
    handlers.set("/to-blocked", (_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${port}/secret` }).end());
    const fetch = createSafeFetch({ lookup: fakeDns({ "allowed.example.com": "127.0.0.1" }), allowlist: ["allowed.example.com"] });

    const followed = await fetch(`http://allowed.example.com:${port}/to-allowed`);
    expect(followed.text()).toBe("landed");
    expect(followed.redirected).toBe(true);

    hits.length = 0;
    expect(await refusal(fetch(`http://allowed.example.com:${port}/to-blocked`))).toBeInstanceOf(BlockedAddressError);
    expect(hits).toEqual(["/to-blocked"]);

    const manual = await fetch(`http://allowed.example.com:${port}/to-blocked`, { redirect: "manual" });
    expect(manual.status).toBe(307);
    await fetch.close();
  });

  it("stops after the maximum number of redirects", async () => {
    handlers.set("/loop", (_req, res) => res.writeHead(302, { location: "/loop" }).end());
    const fetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
    const error = await refusal(fetch(`http://127.0.0.1:${port}/loop`, { maxRedirects: 3 }));
    expect((error as OutboundRequestError).code).toBe("too_many_redirects");
    await fetch.close();
  });

  it("times out a server that does not answer", async () => {
    handlers.set("/slow", () => undefined);
    const fetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
    const started = Date.now();
    const error = await refusal(fetch(`http://127.0.0.1:${port}/slow`, { timeoutMs: 300 }));
    expect(error).toBeInstanceOf(OutboundTimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
    await fetch.close();
  });

  it("caps the response body, declared or streamed, or keeps its start when asked to truncate", async () => {
    handlers.set("/big", (_req, res) => res.end("x".repeat(5000)));
    handlers.set("/big-chunked", (_req, res) => {
      res.write("y".repeat(3000));
      res.end("y".repeat(3000));
    });
    const fetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
    expect(await refusal(fetch(`http://127.0.0.1:${port}/big`, { maxBodyBytes: 1000 }))).toBeInstanceOf(ResponseTooLargeError);
    expect(await refusal(fetch(`http://127.0.0.1:${port}/big-chunked`, { maxBodyBytes: 1000 }))).toBeInstanceOf(ResponseTooLargeError);
    const truncated = await fetch(`http://127.0.0.1:${port}/big-chunked`, { maxBodyBytes: 1000, truncateBody: true });
    expect(truncated.truncated).toBe(true);
    expect(truncated.body.length).toBe(1000);
    await fetch.close();
  });

  it("refuses schemes other than http and https", async () => {
    const fetch = createSafeFetch({ allowlist: ["*"] });
    expect(((await refusal(fetch("file:///etc/passwd"))) as OutboundRequestError).code).toBe("invalid_url");
    await fetch.close();
  });
});
