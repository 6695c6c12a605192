// `npm run wasm:generate`: compiles lib/media/audio/resampler-kernel.wat into the module the
// resampler loads (a test fails when the committed module differs from the source).
import { writeFileSync } from "node:fs";
import { KERNEL_MODULE, kernelModuleText } from "./kernel-files";

kernelModuleText()
  .then((text) => {
    writeFileSync(KERNEL_MODULE, text);
    console.log(`wrote ${KERNEL_MODULE}`);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
