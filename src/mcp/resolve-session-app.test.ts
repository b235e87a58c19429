import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../store/open-store.js";
import { appForFolder, resolveSessionApp } from "./resolve-session-app.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fixture(): { store: Store; root: string } {
  const root = mkdtempSync(join(tmpdir(), "recollect-app-match-"));
  dirs.push(root);
  for (const folder of ["mono/packages/web/src", "shop", "shop-admin", "elsewhere"]) {
    mkdirSync(join(root, folder), { recursive: true });
  }
  const store = openStore({ path: ":memory:" });
  const insert = store.db.prepare("INSERT INTO apps (name, path, created_at) VALUES (?, ?, 0)");
  insert.run("mono", join(root, "mono"));
  insert.run("web", join(root, "mono/packages/web"));
  insert.run("shop", join(root, "shop"));
  insert.run("relative", "shop-admin");
  insert.run("pathless", null);
  return { store, root };
}

describe("resolveSessionApp", () => {
  it("matches the deepest recorded project path that contains the folder, never a sibling with the same prefix", () => {
    const { store, root } = fixture();
    expect(appForFolder(store.db, join(root, "mono/packages/web/src"))?.name).toBe("web");
    expect(appForFolder(store.db, join(root, "mono"))?.name).toBe("mono");
    expect(appForFolder(store.db, join(root, "shop"))?.name).toBe("shop");
    expect(appForFolder(store.db, join(root, "shop-admin"))).toBeNull();
    expect(appForFolder(store.db, root)).toBeNull();
  });

  it("matches any root an app records, not only its first, and names the root that matched", () => {
    const { store, root } = fixture();
    const shop = store.db.prepare("SELECT id FROM apps WHERE name = 'shop'").pluck().get();
    store.db
      .prepare("INSERT INTO app_roots (path, app_id) VALUES (?, ?)")
      .run(join(root, "elsewhere"), shop);
    expect(appForFolder(store.db, join(root, "elsewhere"))).toEqual({
      id: shop,
      name: "shop",
      path: join(root, "elsewhere"),
    });
    const app = resolveSessionApp(store.db, { roots: [], cwd: join(root, "elsewhere"), env: {} });
    expect([app.appName, app.projectPath, app.source]).toEqual([
      "shop",
      join(root, "elsewhere"),
      "cwd",
    ]);
  });

  it("sees through symlinks on either side", () => {
    const { store, root } = fixture();
    symlinkSync(join(root, "shop"), join(root, "shop-link"));
    expect(appForFolder(store.db, join(root, "shop-link"))?.name).toBe("shop");
  });

  it("takes --app first, then roots in order, then CLAUDE_PROJECT_DIR, then the working directory", () => {
    const { store, root } = fixture();
    const base = { roots: [], cwd: join(root, "elsewhere"), env: {} };
    const resolve = (sources: Partial<Parameters<typeof resolveSessionApp>[1]>) => {
      const app = resolveSessionApp(store.db, { ...base, ...sources });
      return [app.appName, app.source];
    };
    expect(resolve({ appName: "pathless", roots: [join(root, "shop")] })).toEqual([
      "pathless",
      "app_option",
    ]);
    expect(resolve({ roots: [join(root, "elsewhere"), join(root, "shop")] })).toEqual([
      "shop",
      "root",
    ]);
    expect(resolve({ projectDir: join(root, "mono"), cwd: join(root, "shop") })).toEqual([
      "mono",
      "project_dir",
    ]);
    expect(resolve({ cwd: join(root, "mono/packages/web/src") })).toEqual(["web", "cwd"]);
  });

  it("names the unknown project and how to import it, and an unknown --app as not found", () => {
    const { store, root } = fixture();
    const cwd = join(root, "elsewhere");
    const claude = join(root, "claude-config");
    const transcripts = join(claude, "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"));
    const refusal = (remedy: unknown) =>
      expect.objectContaining({
        kind: "precondition",
        missing: "app",
        projectPath: cwd,
        remedies: [
          expect.objectContaining(remedy),
          expect.objectContaining({ args: ["mcp", "--app", "<name>"] }),
          expect.objectContaining({ args: ["apps"] }),
        ],
      });
    const env = { CLAUDE_CONFIG_DIR: claude };
    // No sessions folder for the project: the remedy finds histories instead of naming it.
    expect(() => resolveSessionApp(store.db, { roots: [], cwd, env })).toThrow(
      refusal({ args: ["sync"] }),
    );
    mkdirSync(transcripts, { recursive: true });
    expect(() => resolveSessionApp(store.db, { roots: [], cwd, env })).toThrow(
      refusal({ args: ["import", transcripts] }),
    );
    expect(() => resolveSessionApp(store.db, { appName: "nope", roots: [], cwd, env: {} })).toThrow(
      expect.objectContaining({ kind: "not_found", appName: "nope" }),
    );
  });
});
