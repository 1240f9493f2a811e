// Every test file starts with zod's global configuration as the product has it: no message locale.
// The add-on and the emulator use zod/mini, which ships none, and spell their messages out from issue codes
// (src/api/contract/common.ts, emulator/validation.ts). A dev dependency that imports classic zod (Stryker's
// mutation-server-protocol) installs the English locale in zod's global configuration, which outlives the
// module registry: every later file in that worker then read "Invalid input: expected number, received
// string" where the product says "Input should be a valid integer" (emulator/validation.test, once in four
// shuffled runs).
import { config } from "zod/mini";

config({ localeError: undefined });
