import http from "node:http";
import { elapsedMs } from "./stats";

export type HttpResult = { status: number; body: Buffer; ms: number };

/**
 * GET requests to one loopback server over one kept-alive connection, so the timings hold the
 * request and the whole response body and no connection setup.
 */
export class KeepAliveClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    private readonly port: number,
    private readonly headers: Record<string, string> = {},
    private readonly timeoutMs = 30_000,
  ) {}

  get(path: string): Promise<HttpResult> {
    return new Promise((resolve, reject) => {
      const start = process.hrtime.bigint();
      const request = http.request(
        { host: "127.0.0.1", port: this.port, path, method: "GET", agent: this.agent, headers: this.headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), ms: elapsedMs(start) }));
          response.on("error", reject);
        },
      );
      request.setTimeout(this.timeoutMs, () => request.destroy(new Error(`GET ${path}: no answer within ${this.timeoutMs} ms`)));
      request.on("error", reject);
      request.end();
    });
  }

  /** Like `get`, but a status other than 200 is an error (with the start of the body). */
  async getOk(path: string): Promise<HttpResult> {
    const result = await this.get(path);
    if (result.status !== 200) {
      throw new Error(`GET ${path} answered ${result.status}: ${result.body.toString("utf8").slice(0, 500)}`);
    }
    return result;
  }

  close(): void {
    this.agent.destroy();
  }
}
