import { basename, dirname, extname, join } from "node:path";

/**
 * A file that belongs to one store: `<store name without extension><suffix>` in the store's
 * folder, e.g. `/data/recollect.db` + `.settings.json` → `/data/recollect.settings.json`. Named
 * after the store, not the folder, so two stores in one folder never share settings or telemetry.
 */
export function storeCompanionPath(storePath: string, suffix: string): string {
  const name = basename(storePath, extname(storePath)) || basename(storePath);
  return join(dirname(storePath), `${name}${suffix}`);
}
