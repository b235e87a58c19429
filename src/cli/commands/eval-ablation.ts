/**
 * `recollect eval … --ablate STAGE[,STAGE]` and `--ablation`: the offline explorer with pipeline
 * stages switched off (issue 13 § Build 5). The stages and the switch belong to the offline policy
 * (`OFFLINE_STAGES`, `createExplorerEngine(config, { ablate })`); this module only parses the
 * option and builds the engines.
 */

import { createExplorerEngine } from "../../agent/explorer-engine.js";
import {
  OFFLINE_STAGES,
  type OfflineStage,
} from "../../agent/tools/explore-chat-history/offline/policy-parameters.js";
import type { Engine } from "../../engine/engine.js";
import { quotedValue } from "../../errors/quoted-value.js";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { engineForCli } from "./explore.js";

const ALLOWED = `comma-separated stages of ${OFFLINE_STAGES.join(", ")}`;

/** Parses `--ablate expand,fuse`. @throws InvalidInputError (`--ablate`) naming the allowed stages. */
export function parseAblateList(text: string): OfflineStage[] {
  const parts = text.split(",").map((part) => part.trim());
  const unknown = parts.filter((part) => !(OFFLINE_STAGES as readonly string[]).includes(part));
  if (parts.length === 0 || unknown.length > 0)
    throw new InvalidInputError("--ablate", ALLOWED, `got ${quotedValue(text)}`);
  return [...new Set(parts as OfflineStage[])];
}

function offlineOnly(kind: string): InvalidInputError {
  return new InvalidInputError(
    "--ablate",
    "the offline engine (--engine offline)",
    `engine ${kind}`,
  );
}

/**
 * The CLI's engine (`--engine` or the environment) with `off` switched off. Switching stages off
 * needs the offline engine.
 *
 * @throws InvalidInputError (`--ablate`) when `off` is not empty and the engine is not offline;
 *   whatever {@link engineForCli} throws.
 */
export function engineWithout(kind: string | undefined, off: readonly OfflineStage[]): Engine {
  if (off.length > 0 && kind !== undefined && kind !== "offline") throw offlineOnly(kind);
  const engine = engineForCli(kind);
  if (off.length === 0) return engine;
  if (engine.kind !== "offline") throw offlineOnly(engine.kind);
  return createExplorerEngine({ kind: "offline" }, { ablate: off });
}

/** Every stage the offline policy can switch off, in its order. */
export const ABLATABLE_STAGES: readonly OfflineStage[] = OFFLINE_STAGES;
