/**
 * `watchHistory` limited to one project, as `recollect mcp` runs it: real chokidar over real files
 * in a temporary HOME. A write to another project's sessions (its Claude Code folder, a Codex
 * rollout recording its cwd) runs no pass; a write to the project's own session runs one. The
 * same writes unscoped (`recollect sync --watch`) each run a pass, so the scoped test can fail.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import {
  claudeLine,
  claudeSession,
  codexLine,
  codexRollout,
  type FixtureMachine,
  fixtureMachinesPerTest,
} from "./testing/machine-fixture.js";
import { WATCH_DEBOUNCE_MS, WATCH_SETTLE_MS, watchHistory } from "./watch-history.js";

const machine = fixtureMachinesPerTest();

/** Longer than a burst's debounce and the watcher's settle time together, with slack for load. */
const QUIET_MS = 4 * (WATCH_DEBOUNCE_MS + WATCH_SETTLE_MS);

/** Two projects' sessions: shop's and blog's Claude Code files, and a Codex rollout of blog. */
function twoProjects(m: FixtureMachine) {
  const shop = m.project("code/shop");
  const blog = m.project("code/blog");
  const rel = (path: string) => path.slice(m.home.length + 1);
  const turn = [{ role: "user" as const, text: "Which queue?" }];
  return {
    shop,
    shopSession: m.write(rel(m.claudeSessionPath(shop, "s1")), claudeSession("s1", shop, turn)),
    blogSession: m.write(rel(m.claudeSessionPath(blog, "s2")), claudeSession("s2", blog, turn)),
    blogRollout: m.write(
      ".codex/sessions/2026/11/04/rollout-2026-11-04T10-00-00-c2.jsonl",
      codexRollout("c2", blog, turn),
    ),
    blog,
  };
}

/** Starts a watch counting passes; resolves once its first pass is done. */
async function counting(m: FixtureMachine, projects: readonly string[] | undefined) {
  let passes = 0;
  const errors: unknown[] = [];
  const watch = watchHistory({
    environment: m.environment,
    sources: ["claude-code", "codex"],
    ...(projects ? { projects } : {}),
    pass: async () => {
      passes++;
      return projects ?? [];
    },
    onError: (error) => errors.push(error),
  });
  await watch.ready;
  return { watch, errors, passes: () => passes };
}

async function until(done: () => boolean, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

describe("watchHistory limited to one project", () => {
  it("runs no pass for another project's writes, and one for the project's own", async () => {
    const m = machine();
    const { shop, shopSession, blogSession, blogRollout, blog } = twoProjects(m);
    const { watch, errors, passes } = await counting(m, [shop]);
    try {
      const start = passes();
      m.append(blogSession, claudeLine("s2", blog, { role: "assistant", text: "Kafka." }, 1));
      m.append(blogRollout, codexLine({ role: "assistant", text: "Kafka." }, 1));
      await sleep(QUIET_MS);
      expect(passes()).toBe(start);
      m.append(shopSession, claudeLine("s1", shop, { role: "assistant", text: "SQS." }, 1));
      expect(await until(() => passes() > start)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await watch.stop();
    }
  }, 30_000);

  it("unscoped, another project's writes each run a pass", async () => {
    const m = machine();
    const { blogSession, blogRollout, blog } = twoProjects(m);
    const { watch, passes } = await counting(m, undefined);
    try {
      const start = passes();
      m.append(blogSession, claudeLine("s2", blog, { role: "assistant", text: "Kafka." }, 1));
      expect(await until(() => passes() > start)).toBe(true);
      await sleep(QUIET_MS);
      const afterClaude = passes();
      m.append(blogRollout, codexLine({ role: "assistant", text: "Kafka." }, 1));
      expect(await until(() => passes() > afterClaude)).toBe(true);
    } finally {
      await watch.stop();
    }
  }, 30_000);

  it("follows only the direct entries of a project root aider watches, and SpecStory's folder inside it", async () => {
    const m = machine();
    const shop = m.project("code/shop");
    const rel = (path: string) => path.slice(m.home.length + 1);
    const aider = m.write(`${rel(shop)}/.aider.chat.history.md`, "# aider chat started\n");
    const specstory = m.write(`${rel(shop)}/.specstory/history/2026-11-04_chat.md`, "# Chat\n");
    const deep = m.write(`${rel(shop)}/node_modules/pkg/docs/readme.md`, "# pkg\n");
    let passes = 0;
    const watch = watchHistory({
      environment: m.environment,
      sources: ["aider", "specstory"],
      projects: [shop],
      pass: async () => {
        passes++;
        return [shop];
      },
      onError: () => undefined,
    });
    await watch.ready;
    try {
      await sleep(QUIET_MS);
      let start = passes;
      // Before: the root was walked 4 levels deep, its node_modules included.
      m.append(deep, "more\n");
      await sleep(QUIET_MS);
      expect(passes).toBe(start);
      m.append(aider, "#### Which queue?\n");
      expect(await until(() => passes > start)).toBe(true);
      await sleep(QUIET_MS);
      start = passes;
      m.append(specstory, "more\n");
      expect(await until(() => passes > start)).toBe(true);
    } finally {
      await watch.stop();
    }
  }, 40_000);
});
