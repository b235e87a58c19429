#!/usr/bin/env node
// Runs the TypeScript CLI directly through tsx's loader, so a clone needs no build step.
import { register } from "tsx/esm/api";

register();
const { cliEntry } = await import("../src/cli/cli-entry.ts");
process.exitCode = await cliEntry(process.argv);
