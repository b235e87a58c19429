/**
 * The one lookup of an app by the name a person typed (`--app` of every command, `recollect mcp
 * --app`, `serve --app`): exact first, else the one app whose name is the same once case,
 * accents and spacing are ignored (`tasktide`, ` Tasktide `, `cafe` for "Café"). Several such
 * apps are refused as ambiguous; no match comes with the closest stored names as suggestions, and
 * the names the typed one is the start or some words of.
 * Only this store's app names are ever compared or returned (what `recollect apps` lists).
 */
import type Database from "better-sqlite3";
import { AmbiguousAppNameError, AppNotFoundError } from "../../errors/recollect-error.js";
import { closestNames } from "../../text/edit-distance.js";
import { nameWords } from "../../text/name-words.js";
import { type AppRow, findAppByName, storeHasApps } from "./apps.js";

/** At most this many "did you mean" names: enough for a typo, not a listing (that is `apps`). */
const MAX_SUGGESTIONS = 3;

/**
 * `name` as compared when no app has it exactly: Unicode-compatibility decomposed with combining
 * marks removed (accents), lower-cased, runs of whitespace made one space, trimmed.
 */
export function appNameKey(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/gu, " ").trim();
}

/** Every app of the store with its {@link appNameKey}, by name: one pass over the whole table. */
export function keyedApps(db: Database.Database): { app: AppRow; key: string }[] {
  return db
    .prepare<[], AppRow>("SELECT id, name, path FROM apps ORDER BY name")
    .all()
    .map((app) => ({ app, key: appNameKey(app.name) }));
}

/** How a typed name matches the store's apps (see {@link matchAppName}). */
export type AppNameMatch =
  | { readonly kind: "found"; readonly app: AppRow }
  | { readonly kind: "ambiguous"; readonly names: readonly string[] }
  | { readonly kind: "none"; readonly suggestions: readonly string[] };

/**
 * Matches `name` (trimmed by the caller) against the store's apps: the app named exactly so; else
 * the only app with the same {@link appNameKey}; else `ambiguous` with every such name (sorted);
 * else `none` with up to 3 stored names ({@link suggestedAppNames}).
 */
export function matchAppName(db: Database.Database, name: string): AppNameMatch {
  const exact = findAppByName(db, name);
  if (exact !== null) return { kind: "found", app: exact };
  const key = appNameKey(name);
  const apps = keyedApps(db);
  const same = apps.filter((entry) => entry.key === key);
  if (same.length === 1) return { kind: "found", app: same[0]!.app };
  if (same.length > 1) return { kind: "ambiguous", names: same.map((entry) => entry.app.name) };
  const suggestions = suggestedAppNames(
    key,
    apps.map((entry) => ({ name: entry.app.name, key: entry.key })),
  );
  return { kind: "none", suggestions };
}

/** Shortest typed key that suggests the apps whose names start with it: "eag", not "ea". */
const MIN_PREFIX_CHARS = 3;

/**
 * Shortest typed key that suggests the apps whose names hold it further in: "chess" for
 * "rtchess" (a newcomer's check got no suggestion), not "app" for every "…app…".
 */
const MIN_INFIX_CHARS = 4;

/**
 * The "did you mean" names for a typed {@link appNameKey} `key` among `apps` (name and key, in
 * the store's order), at most {@link MAX_SUGGESTIONS}: first the keys within a third of its length
 * in edits (a typo; closest first), then the names it starts (`eagerminds` → "eagerminds-bookmarks",
 * from {@link MIN_PREFIX_CHARS} characters), hold it further in (`chess` → "rtchess", from
 * {@link MIN_INFIX_CHARS}) or whose words hold all of its words (`bookmarks` →
 * "eagerminds-bookmarks"). Apps sharing a key (names differing only in case) come together. Pure.
 */
export function suggestedAppNames(
  key: string,
  apps: readonly { readonly name: string; readonly key: string }[],
): string[] {
  const keys = [...new Set(apps.map((app) => app.key))];
  const typedWords = nameWords(key);
  const partOf = (candidate: string) => {
    if (key.length >= MIN_PREFIX_CHARS && candidate.startsWith(key)) return true;
    if (key.length >= MIN_INFIX_CHARS && candidate.includes(key)) return true;
    const words = new Set(nameWords(candidate));
    return typedWords.length > 0 && typedWords.every((word) => words.has(word));
  };
  const ordered = [...new Set([...closestNames(key, keys), ...keys.filter(partOf)])];
  return ordered
    .flatMap((close) => apps.filter((app) => app.key === close).map((app) => app.name))
    .slice(0, MAX_SUGGESTIONS);
}

/**
 * The app `name` (trimmed by the caller) selects, as {@link matchAppName} finds it. `argument`
 * is what the errors name as the source of `name` (default `--app`; `<old>` for `apps rename`).
 * @throws AmbiguousAppNameError (`invalid_input`, `argument`) when several apps match only
 *   loosely; AppNotFoundError (`not_found`) with its `suggestions` when none matches (`argument`
 *   set when it is not `--app`).
 */
export function resolveAppName(db: Database.Database, name: string, argument = "--app"): AppRow {
  const match = matchAppName(db, name);
  if (match.kind === "found") return match.app;
  if (match.kind === "ambiguous") throw new AmbiguousAppNameError(name, match.names, argument);
  throw new AppNotFoundError(
    name,
    storeHasApps(db),
    match.suggestions,
    argument === "--app" ? undefined : argument,
  );
}

/**
 * The stored name of an app other than `appId` that `name` would select or make ambiguous: one
 * named `name` exactly, else the first by name whose {@link appNameKey} is `name`'s. Null when
 * no other app would; what keeps a rename from leaving two apps that one typed name matches.
 */
export function otherAppNamedAlike(
  db: Database.Database,
  name: string,
  appId: number,
): string | null {
  const exact = findAppByName(db, name);
  if (exact !== null && exact.id !== appId) return exact.name;
  const key = appNameKey(name);
  return (
    keyedApps(db).find((entry) => entry.key === key && entry.app.id !== appId)?.app.name ?? null
  );
}

/**
 * The stored name of the app `name` (trimmed by the caller) selects, or null when it selects none:
 * what `import --app NAME` writes under, so `--app tasktide` adds to the existing "Tasktide"
 * (keeping its stored name) instead of creating a second app only a capital apart.
 * @throws AmbiguousAppNameError when several apps match loosely.
 */
export function existingAppName(db: Database.Database, name: string): string | null {
  const match = matchAppName(db, name);
  if (match.kind === "ambiguous") throw new AmbiguousAppNameError(name, match.names);
  return match.kind === "found" ? match.app.name : null;
}
