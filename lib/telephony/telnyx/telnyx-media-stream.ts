import { asRecord, MediaStreamBase, numericString, type MediaStreamOptions, type StreamEncoding } from "../media-stream";
import { SequenceReorder } from "../sequence-reorder";
import { decodeClientState } from "./client-state";

const MAX_HELD_FRAMES = 4;

/**
 * Telnyx media streaming (bidirectional RTP mode): snake_case JSON frames `connected`, `start`,
 * `media` (base64 PCMU/PCMA), `dtmf`, `mark`, `error`, `stop` in, each numbered by
 * `sequence_number`; Telnyx does not guarantee their order, so they are put back in sequence.
 * Out: `media`, `mark`, `clear`.
 */
export class TelnyxMediaStream extends MediaStreamBase {
  private idJson = "";
  private readonly reorder = new SequenceReorder<Record<string, unknown>>(MAX_HELD_FRAMES, (message) => this.dispatch(message), 1); // `start` is 1

  constructor(options: MediaStreamOptions) {
    super("telnyx", options);
  }

  protected handle(message: Record<string, unknown>): void {
    if (typeof message.event !== "string") return this.bad("no event");
    const sequence = numericString(message.sequence_number);
    if (sequence === null) {
      this.dispatch(message);
    } else {
      this.reorder.push(sequence, message);
      if (message.event === "stop") this.reorder.flush();
    }
    this.stats.reordered = this.reorder.reordered;
    this.stats.lost = this.reorder.lost;
  }

  private dispatch(message: Record<string, unknown>): void {
    switch (message.event) {
      case "connected":
        return;
      case "start":
        return this.start(message);
      case "media": {
        const media = asRecord(message.media);
        if (!media) return this.bad("media without a media object");
        if (media.track === "outbound") return; // our own audio, when both tracks are streamed
        return this.onAudio(media.payload);
      }
      case "dtmf":
        return this.onDtmf(asRecord(message.dtmf)?.digit);
      case "mark":
        return this.onMark(asRecord(message.mark)?.name);
      case "stop":
        return this.onStop();
      case "error": {
        const payload = asRecord(message.payload);
        this.bad(`carrier error ${String(payload?.code)}: ${String(payload?.detail ?? payload?.title)}`);
        return;
      }
      default:
        return this.bad(`unknown event ${JSON.stringify(message.event)}`);
    }
  }

  private start(message: Record<string, unknown>): void {
    const start = asRecord(message.start);
    const streamId = message.stream_id;
    if (!start || typeof streamId !== "string" || typeof start.call_control_id !== "string") return this.badStart("start without stream_id or call_control_id");
    const encoding = asRecord(start.media_format)?.encoding ?? "PCMU";
    if (encoding !== "PCMU" && encoding !== "PCMA") return this.badStart(`unsupported encoding ${String(encoding)}`);
    const state = decodeClientState(start.client_state);
    const customParameters: Record<string, string> = { ...(state?.stream ?? {}) };
    if (state?.call_id) customParameters.call_id ??= state.call_id;
    this.idJson = JSON.stringify(streamId);
    this.onStart({ streamId, carrierCallId: start.call_control_id, customParameters, encoding: encoding as StreamEncoding });
  }

  protected formatMedia(payloadBase64: string): string {
    return `{"event":"media","stream_id":${this.idJson},"media":{"payload":"${payloadBase64}"}}`;
  }

  protected formatMark(name: string): string {
    return `{"event":"mark","stream_id":${this.idJson},"mark":{"name":${JSON.stringify(name)}}}`;
  }

  protected formatClear(): string {
    return `{"event":"clear","stream_id":${this.idJson}}`;
  }
}
