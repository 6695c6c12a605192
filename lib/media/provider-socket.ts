import WebSocket from "ws";
import { SpeechProviderError } from "./stt/speech-to-text";

/** http(s) base URLs become ws(s); a trailing slash is dropped. */
export function socketBase(baseUrl: string): string {
  return baseUrl.replace(/^http/, "ws").replace(/\/$/, "");
}

/**
 * Opens a speech provider's WebSocket: resolves once open, or rejects with the provider's refusal
 * (its HTTP status and the start of its body) or the network error, named after the provider.
 */
export function openProviderSocket(provider: string, url: string, headers: Record<string, string>, timeoutMs = 10_000): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: timeoutMs });
    let refused = false;
    const fail = (error: SpeechProviderError) => {
      socket.removeAllListeners("open");
      reject(error);
    };
    socket.once("open", () => {
      socket.removeAllListeners("unexpected-response");
      resolve(socket);
    });
    socket.on("error", (error) => !refused && fail(new SpeechProviderError(provider, `${provider} socket failed: ${error.message}`)));
    socket.once("unexpected-response", (_request, response) => {
      refused = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8").slice(0, 300);
        fail(new SpeechProviderError(provider, `${provider} refused the socket with ${response.statusCode}${body ? `: ${body}` : ""}`, response.statusCode));
        socket.terminate();
      });
      response.on("error", () => fail(new SpeechProviderError(provider, `${provider} refused the socket with ${response.statusCode}`, response.statusCode)));
    });
  });
}

/** A close the provider chose, as an error naming its code and reason. */
export function closedError(provider: string, code: number, reason: Buffer | string): SpeechProviderError {
  const text = String(reason ?? "").slice(0, 300);
  return new SpeechProviderError(provider, `${provider} closed the socket (${code}${text ? `: ${text}` : ""})`, code);
}
