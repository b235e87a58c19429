/**
 * What became of a cited message, in the report `recollect explore` prints (issue 30): a chat
 * whose file the agent deleted is flagged as only in Recollect, in the text and as a typed field
 * of `--json`, through the real executable over a fixture HOME.
 */
import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { claudeSession, fixtureMachinesPerTest } from "../../sync/testing/machine-fixture.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());
const machine = fixtureMachinesPerTest();

describe("recollect explore: notes on the cited messages", () => {
  it("flags evidence from a chat kept after its file was deleted, in the text and in --json", async () => {
    const m = machine();
    const shop = m.project("code/shop");
    const kept = m.claudeSessionPath(shop, "s-kept");
    m.write(
      kept.slice(m.home.length + 1),
      claudeSession("s-kept", shop, [
        { role: "user", text: "Let's use SQS for the order queue." },
        { role: "assistant", text: "Agreed: SQS for the order queue, with a dead-letter queue." },
      ]),
    );
    const db = stores.path();
    const recollect = (args: readonly string[]) =>
      runRecollectChild(["--db", db, ...args], {
        env: { HOME: m.home, CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" },
      });
    expect((await recollect(["sync", "--source", "claude-code"])).code).toBe(0);
    rmSync(kept);
    await recollect(["settings", "set", "entitlement", "pro"]);
    const question = ["explore", "Which queue do we use for orders?", "--app", "shop"];
    const text = await recollect(question);
    const json = await recollect(["--json", ...question]);

    const targets = text.stdout.split("\n").filter((line) => line.startsWith("     - chat "));
    expect(targets.length).toBeGreaterThan(0);
    for (const line of targets) {
      expect(line.endsWith(" [only in Recollect: its file was deleted]")).toBe(true);
    }
    const report = JSON.parse(json.stdout) as {
      findings: { evidence: Record<string, unknown>[] }[];
    };
    const evidence = report.findings.flatMap((finding) => finding.evidence);
    expect(evidence.length).toBeGreaterThan(0);
    for (const target of evidence) {
      expect(target.kept_after_file_deleted).toBe(true);
      expect(target).not.toHaveProperty("message_state");
    }
  }, 60_000);
});
