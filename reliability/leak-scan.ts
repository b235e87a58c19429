/**
 * Finds bytes of other apps in text a caller of one app received: another app's canary word (its
 * text and titles), its name, or one of its app, chat or message ids as a whole digit run. What the
 * caller itself sent (its query, the ids it asked for) is an echo, not a disclosure: those strings
 * are removed before the scan.
 */
import type { CanaryApp } from "./canary-store.js";

/** One foreign byte sequence found in a caller's output. */
export interface Leak {
  /** The app the bytes belong to. */
  readonly ownerAppId: number;
  readonly what: "canary" | "name" | "id";
  /** The matched string (a canary, a name or an id). */
  readonly match: string;
}

/** A scanner for one caller app. Build it once per app and reuse it. */
export interface LeakScanner {
  /**
   * Leaks in `text`. `echoes` are strings the caller sent (removed first); `echoedIds` are ids the
   * caller asked for (not counted as leaks when they appear).
   */
  scan(
    text: string,
    options?: { readonly echoes?: readonly string[]; readonly echoedIds?: ReadonlySet<number> },
  ): Leak[];
}

/** Builds the scanner for a caller locked to `callerAppId`. */
export function createLeakScanner(apps: readonly CanaryApp[], callerAppId: number): LeakScanner {
  const foreign = apps.filter((app) => app.appId !== callerAppId);
  const idOwner = new Map<number, number>();
  for (const app of foreign) {
    idOwner.set(app.appId, app.appId);
    for (const chatId of app.chatIds) idOwner.set(chatId, app.appId);
    for (const ids of app.messageIds) for (const id of ids) idOwner.set(id, app.appId);
  }
  return {
    scan(text, options = {}) {
      let scanned = text;
      for (const echo of options.echoes ?? []) {
        if (echo.length > 0) scanned = scanned.split(echo).join(" ");
      }
      const lower = scanned.toLowerCase();
      const leaks: Leak[] = [];
      for (const app of foreign) {
        if (lower.includes(app.canary)) {
          leaks.push({ ownerAppId: app.appId, what: "canary", match: app.canary });
        }
        if (lower.includes(app.name.toLowerCase())) {
          leaks.push({ ownerAppId: app.appId, what: "name", match: app.name });
        }
      }
      for (const digits of scanned.match(/\d+/g) ?? []) {
        const id = Number(digits);
        const owner = idOwner.get(id);
        if (owner !== undefined && !options.echoedIds?.has(id)) {
          leaks.push({ ownerAppId: owner, what: "id", match: digits });
        }
      }
      return leaks;
    },
  };
}

/**
 * Serializes anything a caller received for scanning: JSON for values, and for errors their
 * name, kind, message, own fields and `cause` chain (≤ 5 deep), since any of them may be shown.
 */
export function textOf(value: unknown): string {
  if (value instanceof Error) {
    const parts: string[] = [];
    let current: unknown = value;
    for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
      const fields: Record<string, unknown> = {};
      for (const key of Object.keys(current))
        fields[key] = (current as unknown as Record<string, unknown>)[key];
      parts.push(current.name, current.message, safeJson(fields));
      current = current.cause;
    }
    if (current !== undefined && !(current instanceof Error)) parts.push(safeJson(current));
    return parts.join("\n");
  }
  return safeJson(value);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
