import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RecollectError } from "../errors/recollect-error.js";
import { getSetting, parseSettingKey, setSetting } from "./settings-keys.js";
import { settingsPathForStore } from "./settings-path.js";
import {
  createFileSettingsStore,
  createMemorySettingsStore,
  SettingsFileError,
} from "./settings-store.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-settings-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("settings store", () => {
  it("a folder where the file should be is a SettingsFileError naming the file, read and write", () => {
    const path = join(tempDir(), "store.settings.json");
    mkdirSync(path);
    const store = createFileSettingsStore(path);
    for (const attempt of [() => store.read(), () => store.update((current) => current)]) {
      let caught: unknown;
      try {
        attempt();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(SettingsFileError);
      expect(caught).toMatchObject({ kind: "precondition", path });
      expect((caught as Error).message).not.toContain("EISDIR");
    }
    expect(readdirSync(path)).toEqual([]);
  });

  it("lives beside the store file, named after all of it, and nowhere for an in-memory store", () => {
    const dir = tempDir();
    expect(settingsPathForStore(join(dir, "recollect.db"))).toBe(
      join(dir, "recollect.db.settings.json"),
    );
    // Each of these once shared `corpus.settings.json`.
    const names = ["corpus.db", "corpus.sqlite", "corpus.db-old", "corpus"];
    const paths = names.map((name) => settingsPathForStore(join(dir, name)));
    expect(paths).toEqual(names.map((name) => join(dir, `${name}.settings.json`)));
    expect(settingsPathForStore(":memory:")).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("carries a settings file under the older name over, as a copy the older stores keep", () => {
    const dir = tempDir();
    const legacy = join(dir, "shop.settings.json");
    writeFileSync(legacy, '{"entitlement":"pro"}\n');
    const path = settingsPathForStore(join(dir, "shop.db"));
    expect(path).toBe(join(dir, "shop.db.settings.json"));
    expect(readFileSync(path!, "utf8")).toBe('{"entitlement":"pro"}\n');
    expect(readFileSync(legacy, "utf8")).toBe('{"entitlement":"pro"}\n');
    // From then on each store has its own: a change to one leaves the other as it was.
    createFileSettingsStore(path!).update(() => ({ entitlement: "free" }));
    expect(readFileSync(settingsPathForStore(join(dir, "shop.sqlite"))!, "utf8")).toBe(
      '{"entitlement":"pro"}\n',
    );
    expect(readFileSync(legacy, "utf8")).toBe('{"entitlement":"pro"}\n');
    // A file already under the new name is never overwritten.
    writeFileSync(legacy, '{"entitlement":"free"}\n');
    expect(readFileSync(settingsPathForStore(join(dir, "shop.sqlite"))!, "utf8")).toBe(
      '{"entitlement":"pro"}\n',
    );
  });

  it("mcp.sampling is off by default, takes on or off, and keeps the rest of the file", () => {
    const key = parseSettingKey("mcp.sampling");
    expect(getSetting({}, key)).toEqual({ value: "off", source: "default" });
    const on = setSetting({ entitlement: "pro", mcp: { future: 1 } } as never, key, "on");
    expect(on).toEqual({ entitlement: "pro", mcp: { future: 1, sampling: "on" } });
    expect(getSetting(on, key)).toEqual({ value: "on", source: "stored" });
    expect(() => setSetting({}, key, "yes")).toThrow(RecollectError);
  });

  it("reads an absent file as empty settings", () => {
    const store = createFileSettingsStore(join(tempDir(), "settings.json"));
    expect(store.read()).toEqual({});
  });

  it("keeps legacy search_chats/read_chat consent and unknown keys across a round-trip", () => {
    const path = join(tempDir(), "settings.json");
    writeFileSync(
      path,
      JSON.stringify({
        consent: { search_chats: "never", read_chat: "always" },
        futureKey: { nested: [1, 2] },
      }),
    );
    const store = createFileSettingsStore(path);
    store.update((current) =>
      setSetting(current, parseSettingKey("consent.explore_chat_history"), "ask"),
    );
    const reread = createFileSettingsStore(path).read();
    expect(reread).toEqual({
      consent: { search_chats: "never", read_chat: "always", explore_chat_history: "ask" },
      futureKey: { nested: [1, 2] },
    });
  });

  it("gives the explorer its own key: a stored search_chats choice is not inherited", () => {
    const settings = { consent: { search_chats: "never" as const, read_chat: "never" as const } };
    expect(getSetting(settings, parseSettingKey("consent.explore_chat_history"), "always")).toEqual(
      {
        value: "always",
        source: "default",
      },
    );
  });

  it("writes atomically: no temp file remains and the file is valid JSON", () => {
    const dir = tempDir();
    const store = createFileSettingsStore(join(dir, "nested", "settings.json"));
    store.update((current) => setSetting(current, parseSettingKey("entitlement"), "pro"));
    expect(readdirSync(join(dir, "nested"))).toEqual(["settings.json"]);
    expect(readFileSync(join(dir, "nested", "settings.json"), "utf8")).toBe(
      '{\n  "entitlement": "pro"\n}\n',
    );
  });

  it("refuses an invalid file with a precondition error naming the bad key, not its content", () => {
    const path = join(tempDir(), "settings.json");
    writeFileSync(path, JSON.stringify({ consent: { read_chat: "sometimes-secret" } }));
    try {
      createFileSettingsStore(path).read();
      expect.unreachable();
    } catch (error) {
      expect(RecollectError.isInstance(error) && error.kind).toBe("precondition");
      expect((error as Error).message).toBe(
        `The settings file ${path} is invalid (bad value at consent.read_chat; allowed: always, ask, never). Fix or delete it.`,
      );
    }
  });

  it("names the allowed values of a setting with a fixed set, never the value the file holds", () => {
    const path = join(tempDir(), "settings.json");
    writeFileSync(path, JSON.stringify({ entitlement: "platinum" }));
    expect(() => createFileSettingsStore(path).read()).toThrow(
      `The settings file ${path} is invalid (bad value at entitlement; allowed: pro, free). Fix or delete it.`,
    );
  });

  it("setting the key a file holds a refused value for repairs it; another bad key writes nothing", () => {
    const path = join(tempDir(), "settings.json");
    const store = createFileSettingsStore(path);
    writeFileSync(path, JSON.stringify({ entitlement: "platinum", telemetry: "on" }));
    expect(store.update((current) => ({ ...current, entitlement: "pro" }))).toEqual({
      entitlement: "pro",
      telemetry: "on",
    });
    expect(store.read()).toEqual({ entitlement: "pro", telemetry: "on" });
    const twoBad = JSON.stringify({ entitlement: "platinum", telemetry: "loud" });
    writeFileSync(path, twoBad);
    expect(() => store.update((current) => ({ ...current, entitlement: "pro" }))).toThrow(
      `Refusing to save ${path}: bad value at telemetry; allowed: on, off.`,
    );
    expect(readFileSync(path, "utf8")).toBe(twoBad);
    writeFileSync(path, "not json");
    expect(() => store.update((current) => ({ ...current, entitlement: "pro" }))).toThrow(
      "(not JSON)",
    );
  });

  it("rejects bad keys and values naming the argument, the text given and what is allowed; nothing written", () => {
    const store = createMemorySettingsStore({ entitlement: "pro" });
    const thrown = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return expect.unreachable();
    };
    const fields = { kind: "invalid_input", name: "InvalidSettingError" };
    expect(thrown(() => parseSettingKey("colour"))).toMatchObject({
      ...fields,
      argument: "key",
      key: "colour",
      received: "colour",
      allowed:
        "entitlement | telemetry | exclude | sync.roots | mcp.sampling | consent.<tool_name>",
    });
    expect(thrown(() => parseSettingKey("consent.nope", ["read_chat"]))).toMatchObject({
      ...fields,
      argument: "key",
      key: "consent.nope",
      allowed:
        "entitlement | telemetry | exclude | sync.roots | mcp.sampling | consent.<read_chat>",
    });
    const set = (key: string, value: string) => () =>
      store.update((current) => setSetting(current, parseSettingKey(key), value));
    expect(thrown(set("telemetry", "maybe"))).toMatchObject({
      ...fields,
      argument: "value",
      key: "telemetry",
      received: "maybe",
      allowed: "on | off",
    });
    expect(thrown(set("consent.read_chat", "sometimes"))).toMatchObject({
      argument: "value",
      key: "consent.read_chat",
      received: "sometimes",
      allowed: "always | ask | never",
    });
    expect(thrown(set("exclude", "[1]"))).toMatchObject({
      argument: "value",
      key: "exclude",
      received: "[1]",
    });
    for (const error of [thrown(set("telemetry", "maybe")), thrown(() => parseSettingKey("x"))]) {
      expect((error as Error).message).not.toMatch(/\bKEY\b|\bVALUE\b/);
    }
    expect(store.read()).toEqual({ entitlement: "pro" });
  });

  it("reports defaults: free entitlement, telemetry on", () => {
    expect(getSetting({}, parseSettingKey("entitlement"))).toEqual({
      value: "free",
      source: "default",
    });
    expect(getSetting({}, parseSettingKey("telemetry"))).toEqual({
      value: "on",
      source: "default",
    });
  });
});
