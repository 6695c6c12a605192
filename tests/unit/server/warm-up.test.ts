import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Resampler } from "@/lib/media/audio/resampler";
import { Denoiser } from "@/lib/media/denoiser";
import { VoiceActivityDetector } from "@/lib/media/vad";
import { warmUpCallPath } from "@/lib/server/warm-up";

// Each test file has its own module registry, so nothing here was compiled before the warm-up.
describe("warmUpCallPath", () => {
  afterEach(() => vi.restoreAllMocks());

  it("leaves a call's first use of the media engines and of undici with nothing to compile, and nothing listening", async () => {
    const listeners = () => process.getActiveResourcesInfo().filter((kind) => kind === "TCPServerWrap").length;
    const before = listeners();
    await warmUpCallPath();
    // A closed listener's handle is released a moment after close's callback.
    await vi.waitFor(() => expect(listeners()).toBe(before));

    const compiled: string[] = [];
    const OriginalModule = WebAssembly.Module;
    vi.spyOn(WebAssembly, "Module").mockImplementation(function (bytes: BufferSource) {
      compiled.push("Module");
      return new OriginalModule(bytes);
    } as unknown as typeof WebAssembly.Module);
    for (const name of ["compile", "instantiate", "compileStreaming", "instantiateStreaming"] as const) {
      const original = WebAssembly[name] as (...args: unknown[]) => unknown;
      vi.spyOn(WebAssembly, name).mockImplementation(((...args: unknown[]) => {
        compiled.push(name);
        return original.apply(WebAssembly, args);
      }) as never);
    }

    // What a call's set-up does first: its resamplers, detector and denoiser, and a speech provider's request.
    new Resampler(8000, 16000);
    const vad = await VoiceActivityDetector.create();
    const denoiser = await Denoiser.create();
    const server = createServer((_req, res) => res.end("ok")).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await response.body.text()).toBe("ok");
    } finally {
      server.closeAllConnections();
      server.close();
      vad.close();
      denoiser.close();
    }
    expect(compiled).toEqual([]);
  });
});
