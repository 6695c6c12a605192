// Types for @echogarden/fvad-wasm: libfvad (WebRTC's voice activity detector) as an Emscripten module.
declare module "@echogarden/fvad-wasm" {
  export type FvadModule = {
    HEAP16: Int16Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    _fvad_new(): number;
    _fvad_free(instance: number): void;
    _fvad_reset(instance: number): void;
    _fvad_set_mode(instance: number, mode: number): number;
    _fvad_set_sample_rate(instance: number, rate: number): number;
    /** 1 speech, 0 not, -1 invalid frame length. */
    _fvad_process(instance: number, frame: number, samples: number): number;
  };
  const createModule: (options?: Record<string, unknown>) => Promise<FvadModule>;
  export default createModule;
}
