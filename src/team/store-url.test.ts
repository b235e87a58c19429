/**
 * What `--store` / `RECOLLECT_STORE` accept (store-url.ts) and how a team store's failures are
 * classified (team-store-error.ts): pure, no server needed.
 */
import { describe, expect, it } from "vitest";
import { InvalidConfigurationError, InvalidInputError } from "../errors/recollect-error.js";
import { isPostgresUrl, parseStoreUrl, redactedStoreUrl, requireStoreValue } from "./store-url.js";
import { teamStoreProblemOf } from "./team-store-error.js";

describe("store values", () => {
  it("takes a PostgreSQL URL or a path, and refuses a URL of another scheme naming its origin", () => {
    expect(requireStoreValue("postgres://alice@db/team", "--store")).toBe(
      "postgres://alice@db/team",
    );
    expect(requireStoreValue("/tmp/recollect.db", "--store")).toBe("/tmp/recollect.db");
    expect(isPostgresUrl("postgresql://db/team")).toBe(true);
    expect(() => requireStoreValue("mysql://x:secret@y/z", "--store")).toThrow(InvalidInputError);
    // An environment variable is configuration (exit 4), as RECOLLECT_DB is: no argument fixes it.
    expect(() => requireStoreValue("mysql://x:secret@y/z", "RECOLLECT_STORE")).toThrow(
      InvalidConfigurationError,
    );
    expect(() => parseStoreUrl("postgres://alice@db", "RECOLLECT_STORE")).toThrow(
      InvalidConfigurationError,
    );
    expect(() => parseStoreUrl("postgres://alice@db", "--to")).toThrow(InvalidInputError);
    try {
      requireStoreValue("mysql://x:secret@y/z", "RECOLLECT_STORE");
    } catch (error) {
      expect((error as Error).message).toContain("RECOLLECT_STORE");
      expect((error as Error).message).not.toContain("secret");
    }
  });

  it("never shows a password", () => {
    expect(redactedStoreUrl("postgres://alice:pw@db:5432/team?password=pw")).toBe(
      "postgres://alice:***@db:5432/team?password=***",
    );
  });
});

describe("team store problems", () => {
  it("tells a missing database from an unreachable server and a refused login", () => {
    expect(["3D000", "ECONNREFUSED", "28P01"].map((code) => teamStoreProblemOf({ code }))).toEqual([
      "no_database",
      "unreachable",
      "login_refused",
    ]);
  });
});
