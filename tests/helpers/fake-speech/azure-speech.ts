import type { IncomingHttpHeaders } from "node:http";
import { decodeWav } from "@/lib/media/audio/wav";
import { json, listen } from "./http-server";
import { recognized, type TranscriptScript } from "./scripts";
import { sleep, streamPcm, ToneVoice } from "./tones";

export type AzureRecognitionRequest = { headers: IncomingHttpHeaders; language: string | null; format: string | null; audio: Int16Array; sampleRate: number };
export type AzureSynthesisRequest = { headers: IncomingHttpHeaders; ssml: string; voice: string | null; language: string | null; rate: string | null; text: string };

/** Azure's raw PCM output formats and their rates. */
const RAW_FORMATS: Record<string, number> = {
  "raw-8khz-16bit-mono-pcm": 8000,
  "raw-16khz-16bit-mono-pcm": 16000,
  "raw-22050hz-16bit-mono-pcm": 22050,
  "raw-24khz-16bit-mono-pcm": 24000,
  "raw-44100hz-16bit-mono-pcm": 44100,
  "raw-48khz-16bit-mono-pcm": 48000,
};

const unescapeXml = (text: string) => text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

/**
 * Azure Speech's REST endpoints on 127.0.0.1 (as `AZURE_SPEECH_ENDPOINT`): short-audio recognition
 * (`POST /speech/recognition/conversation/cognitiveservices/v1?language=…&format=simple`, a 16 kHz
 * WAV, `Ocp-Apim-Subscription-Key`) and synthesis (`POST /cognitiveservices/v1`, SSML, raw PCM per
 * `X-Microsoft-OutputFormat`, chunked).
 */
export async function startFakeAzureSpeech(options: { key?: string; transcripts?: TranscriptScript; voice?: ToneVoice; recognitionDelayMs?: number; synthesisFirstByteMs?: number } = {}) {
  const key = options.key ?? "azure-test-key";
  const state = { transcripts: options.transcripts ?? (() => ""), voice: options.voice ?? new ToneVoice(), recognitionDelayMs: options.recognitionDelayMs ?? 0, synthesisFirstByteMs: options.synthesisFirstByteMs ?? 0 };
  const recognitions: AzureRecognitionRequest[] = [];
  const syntheses: AzureSynthesisRequest[] = [];

  const server = await listen(async (request, body, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.headers["ocp-apim-subscription-key"] !== key) {
      return json(response, 401, { error: { code: "401", message: "Access denied due to invalid subscription key or wrong API endpoint." } });
    }
    if (request.method === "POST" && url.pathname === "/speech/recognition/conversation/cognitiveservices/v1") {
      const contentType = String(request.headers["content-type"] ?? "");
      if (!/^audio\/wav; ?codecs="?audio\/pcm"?; ?samplerate=16000$/i.test(contentType)) {
        response.writeHead(415);
        return response.end();
      }
      const wav = decodeWav(new Uint8Array(body));
      recognitions.push({ headers: request.headers, language: url.searchParams.get("language"), format: url.searchParams.get("format"), audio: wav.samples, sampleRate: wav.sampleRate });
      if (!url.searchParams.get("language")) {
        response.writeHead(400);
        return response.end();
      }
      if (state.recognitionDelayMs) await sleep(state.recognitionDelayMs);
      const text = recognized(state.transcripts({ audio: wav.samples, sampleRate: wav.sampleRate, partial: false })).text;
      const duration = Math.round((wav.samples.length / wav.sampleRate) * 1e7);
      return json(response, 200, text ? { RecognitionStatus: "Success", DisplayText: text, Offset: 0, Duration: duration } : { RecognitionStatus: "InitialSilenceTimeout", Offset: 0, Duration: duration });
    }
    if (request.method === "POST" && url.pathname === "/cognitiveservices/v1") {
      const format = String(request.headers["x-microsoft-outputformat"] ?? "");
      const ssml = body.toString();
      const voice = /<voice[^>]*\bname="([^"]+)"/.exec(ssml)?.[1] ?? null;
      const text = unescapeXml(ssml.replace(/<[^>]+>/g, "")).trim();
      syntheses.push({ headers: request.headers, ssml, voice, language: /xml:lang="([^"]+)"/.exec(ssml)?.[1] ?? null, rate: /<prosody[^>]*\brate="([^"]+)"/.exec(ssml)?.[1] ?? null, text });
      if (!/^application\/ssml\+xml/.test(String(request.headers["content-type"])) || !voice || !text || !request.headers["user-agent"]) {
        response.writeHead(400);
        return response.end();
      }
      const rate = RAW_FORMATS[format];
      if (!rate) {
        response.writeHead(400);
        return response.end();
      }
      response.writeHead(200, { "Content-Type": "audio/x-wav", "Transfer-Encoding": "chunked" });
      let closed = false;
      response.on("close", () => (closed = !response.writableFinished));
      await streamPcm((bytes) => response.write(bytes), state.voice.audio(text, rate), { sampleRate: rate, firstByteMs: state.synthesisFirstByteMs, aborted: () => closed });
      response.end();
      return;
    }
    response.writeHead(404);
    response.end();
  });

  return {
    url: server.url,
    voice: state.voice,
    recognitions,
    syntheses,
    setTranscripts(script: TranscriptScript) {
      state.transcripts = script;
    },
    env(): Record<string, string> {
      return { AZURE_SPEECH_KEY: key, AZURE_SPEECH_ENDPOINT: server.url };
    },
    close: server.close,
  };
}

export type FakeAzureSpeech = Awaited<ReturnType<typeof startFakeAzureSpeech>>;
