// The Talk tab's audio threads. Capture: the microphone in 20 ms frames of 16-bit PCM, with the
// input level; silence while muted. Playback: agent audio queued as it arrives, dropped on
// "clear", with how much has been played. Loaded from a Blob URL (no file to serve).

const captureSource = `
class CaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.size = Math.round(sampleRate / 50);
    this.frame = new Int16Array(this.size);
    this.filled = 0;
    this.muted = false;
    this.energy = 0;
    this.port.onmessage = (event) => { if (event.data && event.data.type === "mute") this.muted = event.data.muted; };
  }
  process(inputs) {
    const input = inputs[0] && inputs[0][0];
    const length = input ? input.length : 128;
    for (let i = 0; i < length; i++) {
      const value = input && !this.muted ? Math.max(-1, Math.min(1, input[i])) : 0;
      this.energy += value * value;
      this.frame[this.filled++] = value < 0 ? value * 32768 : value * 32767;
      if (this.filled === this.size) {
        const level = Math.sqrt(this.energy / this.size);
        // The buffer is transferred (detached here), so the next frame is a new array.
        this.port.postMessage({ pcm: this.frame.buffer, level }, [this.frame.buffer]);
        this.frame = new Int16Array(this.size);
        this.filled = 0;
        this.energy = 0;
      }
    }
    return true;
  }
}
registerProcessor("talk-capture", CaptureProcessor);
`;

const playbackSource = `
class PlaybackProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.queue = [];
    this.offset = 0;
    this.played = 0;
    this.port.onmessage = (event) => {
      if (event.data.type === "clear") { this.queue = []; this.offset = 0; }
      else if (event.data.type === "pcm") this.queue.push(new Int16Array(event.data.pcm));
    };
  }
  process(_inputs, outputs) {
    const out = outputs[0][0];
    let written = 0;
    while (written < out.length && this.queue.length) {
      const head = this.queue[0];
      const count = Math.min(out.length - written, head.length - this.offset);
      for (let i = 0; i < count; i++) out[written + i] = head[this.offset + i] / 32768;
      written += count;
      this.offset += count;
      if (this.offset === head.length) { this.queue.shift(); this.offset = 0; }
    }
    for (let i = written; i < out.length; i++) out[i] = 0;
    if (written) {
      this.played += written;
      if (this.played >= sampleRate / 10) { this.port.postMessage({ played: this.played }); this.played = 0; }
    }
    return true;
  }
}
registerProcessor("talk-playback", PlaybackProcessor);
`;

/** Adds both processors to the context. */
export async function loadTalkWorklets(context: AudioContext): Promise<void> {
  for (const source of [captureSource, playbackSource]) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    try {
      await context.audioWorklet.addModule(url);
    } finally {
      URL.revokeObjectURL(url);
    }
  }
}
