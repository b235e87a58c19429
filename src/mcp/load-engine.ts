/**
 * The explorer's Engine as `recollect mcp` (and `recollect doctor`) configure it: `--engine KIND`
 * over `RECOLLECT_ENGINE` and its companions (`engine/engine-config-from-env.ts`). Loaded lazily,
 * so the server's handshake never waits for a provider SDK.
 */
import type { Engine } from "../engine/engine.js";
import { quotedValue } from "../errors/quoted-value.js";
import {
  InvalidInputError,
  type RecollectError,
  toRecollectError,
} from "../errors/recollect-error.js";

/**
 * The Engine for `kind` (or the environment's), or the classified error configuring it raised
 * (`invalid_input` naming `--engine` for an unknown kind; `precondition` naming the missing
 * setting, e.g. `RECOLLECT_ENGINE_BASE_URL`). Never throws.
 */
export async function loadEngine(
  kind: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<Engine | RecollectError> {
  const { ENGINE_KINDS, engineConfigFromEnv } = await import("../engine/index.js");
  const { createExplorerEngine } = await import("../agent/explorer-engine.js");
  try {
    if (kind !== undefined && !(ENGINE_KINDS as readonly string[]).includes(kind.toLowerCase())) {
      throw new InvalidInputError("--engine", ENGINE_KINDS.join(" | "), `got ${quotedValue(kind)}`);
    }
    return createExplorerEngine(
      engineConfigFromEnv(kind === undefined ? env : { ...env, RECOLLECT_ENGINE: kind }),
    );
  } catch (error) {
    return toRecollectError(error);
  }
}
