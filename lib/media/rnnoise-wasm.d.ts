// Types for @echogarden/rnnoise-wasm: RNNoise (Xiph's recurrent noise suppression, its model built in) as an Emscripten module.
declare module "@echogarden/rnnoise-wasm" {
  export type RnnoiseModule = {
    HEAPF32: Float32Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    /** 480: 10 ms at 48 kHz. */
    _rnnoise_get_frame_size(): number;
    /** A denoiser state on the built-in model (0). */
    _rnnoise_create(model: number): number;
    _rnnoise_destroy(state: number): void;
    /** Denoises one frame of floats in the 16-bit range (in and out may be the same buffer); returns the voice probability. */
    _rnnoise_process_frame(state: number, out: number, input: number): number;
  };
  const createModule: (options?: Record<string, unknown>) => Promise<RnnoiseModule>;
  export default createModule;
}
