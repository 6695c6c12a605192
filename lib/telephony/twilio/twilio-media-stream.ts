import { asRecord, MediaStreamBase, type MediaStreamOptions } from "../media-stream";

/**
 * Twilio Media Streams (bidirectional, `<Connect><Stream>`): JSON text frames `connected`, `start`,
 * `media` (base64 μ-law 8 kHz, numbers as strings), `dtmf`, `mark`, `stop` in; `media`, `mark`,
 * `clear` out, each with `streamSid`.
 */
export class TwilioMediaStream extends MediaStreamBase {
  private sidJson = "";

  constructor(options: MediaStreamOptions) {
    super("twilio", options);
  }

  protected handle(message: Record<string, unknown>): void {
    switch (message.event) {
      case "connected":
        return;
      case "start":
        return this.start(message);
      case "media": {
        const media = asRecord(message.media);
        if (!media) return this.bad("media without a media object");
        if (media.track === "outbound") return; // our own audio, echoed when both tracks are streamed
        return this.onAudio(media.payload);
      }
      case "dtmf":
        return this.onDtmf(asRecord(message.dtmf)?.digit);
      case "mark":
        return this.onMark(asRecord(message.mark)?.name);
      case "stop":
        return this.onStop();
      default:
        return this.bad(`unknown event ${JSON.stringify(message.event)}`);
    }
  }

  private start(message: Record<string, unknown>): void {
    const start = asRecord(message.start);
    const streamSid = start?.streamSid ?? message.streamSid;
    if (!start || typeof streamSid !== "string" || typeof start.callSid !== "string") return this.badStart("start without streamSid or callSid");
    const format = asRecord(start.mediaFormat);
    if (format && format.encoding !== undefined && format.encoding !== "audio/x-mulaw") return this.badStart(`unsupported encoding ${String(format.encoding)}`);
    const customParameters: Record<string, string> = {};
    for (const [name, value] of Object.entries(asRecord(start.customParameters) ?? {})) {
      if (typeof value === "string") customParameters[name] = value;
    }
    this.sidJson = JSON.stringify(streamSid);
    this.onStart({ streamId: streamSid, carrierCallId: start.callSid, customParameters, encoding: "PCMU" });
  }

  protected formatMedia(payloadBase64: string): string {
    return `{"event":"media","streamSid":${this.sidJson},"media":{"payload":"${payloadBase64}"}}`;
  }

  protected formatMark(name: string): string {
    return `{"event":"mark","streamSid":${this.sidJson},"mark":{"name":${JSON.stringify(name)}}}`;
  }

  protected formatClear(): string {
    return `{"event":"clear","streamSid":${this.sidJson}}`;
  }
}
