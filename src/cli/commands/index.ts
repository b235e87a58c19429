import type { Command } from "commander";

/**
 * Each command lives in its own file under `commands/` and exports a `register` function that
 * adds it to the root program. Add new commands here, one line each.
 */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: readonly RegisterCommand[] = [];
