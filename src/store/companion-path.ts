import { basename, dirname, extname, join } from "node:path";

/**
 * A file that belongs to one store: `<store file name><suffix>` in the store's folder, e.g.
 * `/data/recollect.db` + `.settings.json` → `/data/recollect.db.settings.json`. Named after the
 * store's whole file name, so two stores in one folder never share settings or telemetry, whatever
 * their extensions (`x.db`, `x.sqlite` and `x` each have their own).
 */
export function storeCompanionPath(storePath: string, suffix: string): string {
  return join(dirname(storePath), `${basename(storePath)}${suffix}`);
}

/**
 * The companion name Recollect used before 2026-12-07: the store's name without its extension
 * (`/data/recollect.db` → `/data/recollect.settings.json`), which `x.db`, `x.sqlite`, `x.db-old`
 * and `x` all shared. Read only to carry an existing file over to {@link storeCompanionPath}.
 */
export function legacyStoreCompanionPath(storePath: string, suffix: string): string {
  const name = basename(storePath, extname(storePath)) || basename(storePath);
  return join(dirname(storePath), `${name}${suffix}`);
}
