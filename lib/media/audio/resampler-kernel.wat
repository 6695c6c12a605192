;; The resampler's inner loop (lib/media/audio/resampler.ts), as WebAssembly with 128-bit SIMD:
;; four multiply-adds at a time, about 4 times faster than the same loop in JavaScript. Every live
;; call runs it on every 20 ms frame (the recording's agent side, the denoiser). Compiled by
;; `npm run wasm:generate` into resampler-kernel-wasm.ts; a test fails when the two differ.
(module
  (memory (export "memory") 1)
  ;; Converts `inLen` int16 samples at `in` to floats at `x` after the `keep` samples of history
  ;; already there, then writes int16 outputs at `out` for every upsampled position from
  ;; `position` (counted from x[0]) in steps of `down`, and returns how many.
  ;; `coef` holds the filter's `up` phases, each `padded` floats long (`taps` coefficients, reversed,
  ;; then zeros to a multiple of 4).
  (func (export "resample")
    (param $coef i32) (param $taps i32) (param $padded i32) (param $up i32) (param $down i32)
    (param $x i32) (param $keep i32) (param $in i32) (param $inLen i32) (param $position i32)
    (param $out i32)
    (result i32)
    (local $i i32) (local $end i32) (local $newest i32) (local $phase i32)
    (local $stepSamples i32) (local $stepPhase i32) (local $n i32) (local $c i32) (local $xp i32)
    (local $j i32) (local $paddedBytes i32) (local $acc v128) (local $sum f32)
    (block $converted
      (loop $convert
        (br_if $converted (i32.ge_u (local.get $i) (local.get $inLen)))
        (f32.store
          (i32.add (local.get $x) (i32.shl (i32.add (local.get $keep) (local.get $i)) (i32.const 2)))
          (f32.convert_i32_s
            (i32.load16_s (i32.add (local.get $in) (i32.shl (local.get $i) (i32.const 1))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $convert)))
    ;; Zeros after the input, for the padded taps of the newest output.
    (v128.store
      (i32.add (local.get $x) (i32.shl (i32.add (local.get $keep) (local.get $inLen)) (i32.const 2)))
      (v128.const i32x4 0 0 0 0))
    (local.set $end (i32.mul (i32.add (local.get $keep) (local.get $inLen)) (local.get $up)))
    (local.set $newest (i32.div_u (local.get $position) (local.get $up)))
    (local.set $phase (i32.sub (local.get $position) (i32.mul (local.get $newest) (local.get $up))))
    (local.set $stepSamples (i32.div_u (local.get $down) (local.get $up)))
    (local.set $stepPhase
      (i32.sub (local.get $down) (i32.mul (local.get $stepSamples) (local.get $up))))
    (local.set $paddedBytes (i32.shl (local.get $padded) (i32.const 2)))
    (block $done
      (loop $outputs
        (br_if $done (i32.ge_u (local.get $position) (local.get $end)))
        (local.set $c (i32.add (local.get $coef) (i32.mul (local.get $phase) (local.get $paddedBytes))))
        (local.set $xp
          (i32.add (local.get $x)
            (i32.shl (i32.add (i32.sub (local.get $newest) (local.get $taps)) (i32.const 1))
              (i32.const 2))))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (loop $dot
          (local.set $acc
            (f32x4.add (local.get $acc)
              (f32x4.mul
                (v128.load (i32.add (local.get $c) (local.get $j)))
                (v128.load (i32.add (local.get $xp) (local.get $j))))))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br_if $dot (i32.lt_u (local.get $j) (local.get $paddedBytes))))
        (local.set $sum
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $acc)) (f32x4.extract_lane 1 (local.get $acc)))
            (f32.add (f32x4.extract_lane 2 (local.get $acc)) (f32x4.extract_lane 3 (local.get $acc)))))
        (i32.store16
          (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 1)))
          (i32.trunc_sat_f32_s
            (f32.max (f32.const -32768) (f32.min (f32.const 32767) (f32.nearest (local.get $sum))))))
        (local.set $n (i32.add (local.get $n) (i32.const 1)))
        (local.set $newest (i32.add (local.get $newest) (local.get $stepSamples)))
        (local.set $phase (i32.add (local.get $phase) (local.get $stepPhase)))
        (if (i32.ge_u (local.get $phase) (local.get $up))
          (then
            (local.set $phase (i32.sub (local.get $phase) (local.get $up)))
            (local.set $newest (i32.add (local.get $newest) (i32.const 1)))))
        (local.set $position (i32.add (local.get $position) (local.get $down)))
        (br $outputs)))
    (local.get $n)))
