"use client";

import { loadTalkWorklets } from "./audio-worklets";

/** The media socket's sample rate both ways: the audio context's, so the browser never resamples. */
const RATE = 48000;
const LOOPBACK_TIMEOUT_MS = 3000;

export type VoiceLinkEvents = {
  /** A JSON frame from the server (media events and the call's recorded events). */
  onFrame: (frame: Record<string, unknown>) => void;
  /** Microphone input level, 0..1 (RMS), every 20 ms. */
  onLevel: (level: number) => void;
  /** Milliseconds of agent audio played so far. */
  onPlayed: (ms: number) => void;
  onMicrophoneError: (message: string) => void;
  onClosed: (code: number) => void;
};

/**
 * A voice web call in the browser: the microphone through an AudioWorklet as 16-bit PCM over the
 * call's media socket, the agent's audio queued in a playback worklet that "clear" empties. The
 * agent is played through a loopback RTCPeerConnection into an <audio> element: Chromium cancels
 * echo only for audio that leaves through WebRTC or a media element, not Web Audio's own output.
 */
export class VoiceLink {
  private socket: WebSocket | null = null;
  private context: AudioContext | null = null;
  private microphone: MediaStream | null = null;
  private capture: AudioWorkletNode | null = null;
  private playback: AudioWorkletNode | null = null;
  private peers: RTCPeerConnection[] = [];
  private audio: HTMLAudioElement | null = null;
  private playedMs = 0;

  constructor(private readonly events: VoiceLinkEvents) {}

  async connect(mediaUrl: string): Promise<void> {
    const context = new AudioContext({ sampleRate: RATE, latencyHint: "interactive" });
    this.context = context;
    await loadTalkWorklets(context);
    const playback = new AudioWorkletNode(context, "talk-playback", { numberOfInputs: 0, outputChannelCount: [1] });
    playback.port.onmessage = (event: MessageEvent<{ played: number }>) => {
      this.playedMs += (event.data.played / RATE) * 1000;
      this.events.onPlayed(Math.round(this.playedMs));
    };
    this.playback = playback;
    await this.routeOutput(context, playback);

    const socket = new WebSocket(mediaUrl);
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: "start", input_sample_rate: RATE, output_sample_rate: RATE }));
    socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (typeof event.data !== "string") return playback.port.postMessage({ type: "pcm", pcm: event.data }, [event.data]);
      const frame = JSON.parse(event.data) as Record<string, unknown>;
      if (frame.type === "clear") playback.port.postMessage({ type: "clear" });
      this.events.onFrame(frame);
    };
    socket.onclose = (event) => {
      this.events.onClosed(event.code);
      this.release();
    };
    await this.startMicrophone(context).catch((error: unknown) =>
      this.events.onMicrophoneError(error instanceof Error ? `No microphone: ${error.message}. You can still type.` : "No microphone. You can still type."),
    );
    if (context.state === "suspended") await context.resume();
  }

  setMuted(muted: boolean): void {
    this.capture?.port.postMessage({ type: "mute", muted });
  }

  sendText(text: string): void {
    this.send({ type: "text", text });
  }

  hangUp(): void {
    this.send({ type: "hangup" });
  }

  close(): void {
    this.socket?.close(1000);
    this.release();
  }

  private send(frame: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private async startMicrophone(context: AudioContext): Promise<void> {
    const microphone = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 } });
    this.microphone = microphone;
    // One silent output wired to the destination: a node nothing pulls is not run.
    const capture = new AudioWorkletNode(context, "talk-capture", { numberOfOutputs: 1, outputChannelCount: [1] });
    capture.port.onmessage = (event: MessageEvent<{ pcm: ArrayBuffer; level: number }>) => {
      this.events.onLevel(event.data.level);
      if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(event.data.pcm);
    };
    context.createMediaStreamSource(microphone).connect(capture);
    capture.connect(context.destination);
    this.capture = capture;
  }

  /** Agent audio → loopback peer connection → <audio>; straight to the speakers if the loopback cannot connect. */
  private async routeOutput(context: AudioContext, playback: AudioWorkletNode): Promise<void> {
    const destination = context.createMediaStreamDestination();
    playback.connect(destination);
    try {
      const track = await loopback(destination.stream, this.peers);
      const audio = new Audio();
      audio.autoplay = true;
      audio.srcObject = new MediaStream([track]);
      this.audio = audio;
      await audio.play().catch(() => undefined);
    } catch {
      playback.disconnect();
      playback.connect(context.destination);
    }
  }

  private release(): void {
    for (const track of this.microphone?.getTracks() ?? []) track.stop();
    for (const peer of this.peers) peer.close();
    this.peers = [];
    if (this.audio) this.audio.srcObject = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.microphone = null;
  }
}

/** Sends `stream` through a pair of local peer connections and returns the track that comes out. */
async function loopback(stream: MediaStream, peers: RTCPeerConnection[]): Promise<MediaStreamTrack> {
  const sender = new RTCPeerConnection();
  const receiver = new RTCPeerConnection();
  peers.push(sender, receiver);
  sender.onicecandidate = (event) => event.candidate && void receiver.addIceCandidate(event.candidate);
  receiver.onicecandidate = (event) => event.candidate && void sender.addIceCandidate(event.candidate);
  const received = new Promise<MediaStreamTrack>((resolve, reject) => {
    receiver.ontrack = (event) => resolve(event.track);
    setTimeout(() => reject(new Error("loopback timed out")), LOOPBACK_TIMEOUT_MS);
  });
  for (const track of stream.getTracks()) sender.addTrack(track, stream);
  const offer = await sender.createOffer();
  await sender.setLocalDescription(offer);
  await receiver.setRemoteDescription(offer);
  const answer = await receiver.createAnswer();
  await receiver.setLocalDescription(answer);
  await sender.setRemoteDescription(answer);
  return received;
}
