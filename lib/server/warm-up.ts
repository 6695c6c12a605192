import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import { Resampler } from "@/lib/media/audio/resampler";
import { Denoiser } from "@/lib/media/denoiser";
import { VoiceActivityDetector } from "@/lib/media/vad";

/**
 * What a server process otherwise does on its first call, done while it boots: compiling the voice
 * activity detector's and the denoiser's WebAssembly, the resampler's kernel, and the HTTP parser
 * that undici (the speech providers' requests) and Node's fetch each compile on their first
 * connection. Left to the first calls, it blocked a fresh cluster worker's event loop for 80–100 ms
 * while those calls' audio was starting (docs/performance.md, run 8).
 */
export async function warmUpCallPath(): Promise<void> {
  new Resampler(8000, 16000);
  const [vad, denoiser] = await Promise.all([VoiceActivityDetector.create(), Denoiser.create()]);
  vad.close();
  denoiser.close();
  await warmUpHttpClients();
}

/** One request over each HTTP client to a listener on loopback that lives only for it. */
async function warmUpHttpClients(): Promise<void> {
  const server = createServer((_req, res) => res.end());
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    await (await request(url)).body.dump();
    await (await fetch(url)).arrayBuffer();
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
