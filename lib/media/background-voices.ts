/** Five seconds of 20 ms frames: long enough that a caller's sentence does not become the background. */
const WINDOW_FRAMES = 250;
/** The line's background level: the 20th percentile of the window's frame levels (its quieter moments). */
const FLOOR_PERCENTILE = 0.2;
/** Frames within this of the floor are the background whose voicing is judged. */
const BACKGROUND_BAND_DB = 3;
/** A background whose frames RNNoise hears a voice in this often, on average, is other people talking. */
const VOICED_BACKGROUND = 0.5;
/** Over voices in the background, speech starts only this far above the floor… */
const START_ABOVE_FLOOR_DB = 9;
/** …and goes on while it stays this far above it. */
const CONTINUE_ABOVE_FLOOR_DB = 4;
/** Frames before the floor means anything. */
const WARM_UP_FRAMES = 10;
const MIN_DB = -90;
const BINS = -MIN_DB + 1;

/**
 * Other people talking behind the caller (a café, an office, a television): RNNoise keeps voices by
 * design, and the VAD rightly calls them speech, so without this a babble background is one endless
 * utterance. When the line's background (its quieter 20 % over 5 s) is itself voiced, a frame counts
 * as the caller only when it stands well above it, as a voice close to the phone does. Over silence
 * or stationary noise the background is not voiced and this admits every frame. Levels are kept in
 * 1 dB bins, so each frame costs a pass over 91 bins, not a sort.
 */
export class BackgroundVoices {
  private readonly levels = new Int16Array(WINDOW_FRAMES);
  private readonly probabilities = new Float32Array(WINDOW_FRAMES);
  private readonly counts = new Int32Array(BINS);
  private readonly voicing = new Float64Array(BINS);
  private frames = 0;

  /** Takes one frame's level (dBFS, before denoising) and RNNoise's voice probability; true when it may be the caller's speech. */
  admits(levelDb: number, voiceProbability: number, speaking: boolean): boolean {
    const bin = Math.max(0, Math.min(BINS - 1, Math.round(levelDb - MIN_DB)));
    const slot = this.frames % WINDOW_FRAMES;
    if (this.frames >= WINDOW_FRAMES) {
      this.counts[this.levels[slot]]--;
      this.voicing[this.levels[slot]] -= this.probabilities[slot];
    }
    this.levels[slot] = bin;
    this.probabilities[slot] = voiceProbability;
    this.counts[bin]++;
    this.voicing[bin] += voiceProbability;
    this.frames++;
    const held = Math.min(this.frames, WINDOW_FRAMES);
    let floor = 0;
    for (let seen = 0, rank = Math.floor((held - 1) * FLOOR_PERCENTILE); floor < BINS; floor++) {
      seen += this.counts[floor];
      if (seen > rank) break;
    }
    let background = 0;
    let voiced = 0;
    for (let each = floor; each < BINS && each <= floor + BACKGROUND_BAND_DB; each++) {
      background += this.counts[each];
      voiced += this.voicing[each];
    }
    if (background === 0 || voiced / background < VOICED_BACKGROUND) return true;
    return this.frames > WARM_UP_FRAMES && bin >= floor + (speaking ? CONTINUE_ABOVE_FLOOR_DB : START_ABOVE_FLOOR_DB);
  }
}
