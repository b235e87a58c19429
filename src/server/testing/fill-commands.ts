import type { FillCommands } from "../shared/api-types.js";

/** Fill commands for a server built in a test, as `recollect serve --db /tmp/t.db` writes them. */
export const TEST_FILL_COMMANDS: FillCommands = {
  import: "recollect --db /tmp/t.db import <paths…>",
  sync: "recollect --db /tmp/t.db sync",
};
