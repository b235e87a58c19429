import { describe, expect, it } from "vitest";
import { AGENT_MODES } from "../../contracts/agent-mode.js";
import { openStore } from "../../store/open-store.js";
import { buildToolSet, toolNames } from "../build-tool-set.js";
import type { AgentContext } from "../context.js";
import { buildSystemPrompt } from "./system-prompt.js";

const store = openStore({ path: ":memory:" });
const ctx = (isPro: boolean): AgentContext => ({
  store,
  appId: 1,
  chatId: null,
  messageId: null,
  isPro,
  abortSignal: new AbortController().signal,
});

const ROUTING_MARKERS = ["explore_chat_history", "never\n  restart broad discovery", "`no_match`"];

describe("system prompt per mode", () => {
  for (const mode of AGENT_MODES) {
    it(`${mode}, Pro with the explorer: routing guidance present`, () => {
      const names = toolNames(buildToolSet(ctx(true), { mode, freeModelMode: false }));
      const prompt = buildSystemPrompt({ mode, toolNames: names });
      expect(prompt).toMatchSnapshot();
      for (const marker of ROUTING_MARKERS) expect(prompt).toContain(marker);
      expect(prompt).toContain(
        "call\n  read_chat with the target's chat id as chat_id and its message id as around_message_id.",
      );
      expect(prompt).not.toContain("search_chats");
    });

    it(`${mode}, Pro with explorer consent never: read_chat only, no explorer routing`, () => {
      const names = toolNames(
        buildToolSet(ctx(true), {
          mode,
          freeModelMode: false,
          consents: { explore_chat_history: "never" },
        }),
      );
      const prompt = buildSystemPrompt({ mode, toolNames: names });
      expect(prompt).toMatchSnapshot();
      expect(prompt).not.toContain("explore_chat_history");
      expect(prompt).not.toContain("no_match");
      expect(prompt).toContain("read_chat reads a known chat by id");
    });

    it(`${mode}, not Pro or free model: no history tools, no routing guidance`, () => {
      for (const [isPro, freeModelMode] of [
        [false, false],
        [true, true],
      ] as const) {
        const names = toolNames(buildToolSet(ctx(isPro), { mode, freeModelMode }));
        const prompt = buildSystemPrompt({ mode, toolNames: names });
        expect(prompt).toMatchSnapshot();
        expect(prompt).not.toMatch(/explore_chat_history|read_chat|search_chats|no_match/);
        expect(prompt).toContain("You cannot look up earlier chats in this context.");
      }
    });
  }

  it("plan mode names write_plan/exit_plan; ask mode says read-only", () => {
    expect(buildSystemPrompt({ mode: "plan", toolNames: [] })).toContain(
      "Save the plan with write_plan, then call exit_plan",
    );
    expect(buildSystemPrompt({ mode: "ask", toolNames: [] })).toContain("Mode: ask (read-only).");
  });
});
