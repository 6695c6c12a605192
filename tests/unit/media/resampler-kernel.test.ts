import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KERNEL_MODULE, kernelModuleText } from "../../../scripts/wasm/kernel-files";

describe("the resampler's WebAssembly kernel", () => {
  it("is compiled from resampler-kernel.wat as committed (run `npm run wasm:generate` after changing it)", async () => {
    expect(readFileSync(KERNEL_MODULE, "utf8")).toBe(await kernelModuleText());
  });
});
