import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { buildToolSet, toolNames } from "./build-tool-set.js";
import type { AgentContext } from "./context.js";
import { INTERNAL_TOOL_DEFINITIONS, TOOL_DEFINITIONS } from "./tools/registry.js";

const store = openStore({ path: ":memory:" });
const consent = fc.constantFrom("always" as const, "ask" as const, "never" as const);
const HISTORY = ["explore_chat_history", "read_chat", "search_chats"];

describe("buildToolSet invariants over every consent combination", () => {
  it("holds the plan's exposure rules", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("agent" as const, "ask" as const, "plan" as const),
        fc.record({
          explore_chat_history: consent,
          read_chat: consent,
          search_chats: consent,
          set_chat_summary: consent,
          write_plan: consent,
          exit_plan: consent,
        }),
        (isPro, freeModelMode, mode, consents) => {
          const ctx: AgentContext = {
            store,
            appId: 1,
            chatId: null,
            messageId: null,
            isPro,
            abortSignal: new AbortController().signal,
          };
          const built = buildToolSet(ctx, {
            mode,
            freeModelMode,
            consents,
            definitions: [...INTERNAL_TOOL_DEFINITIONS, ...TOOL_DEFINITIONS],
          });
          const names = toolNames(built);
          expect(names).not.toContain("search_chats");
          if (!isPro || freeModelMode) {
            expect(names.filter((name) => HISTORY.includes(name))).toEqual([]);
          }
          for (const entry of built.tools) {
            expect(entry.consent).toBe(consents[entry.definition.name as keyof typeof consents]);
            if (mode === "ask") expect(entry.definition.modifiesState).toBe(false);
          }
          const planning = names.filter((name) => name === "write_plan" || name === "exit_plan");
          if (mode !== "plan") expect(planning).toEqual([]);
          expect(built.tools.length + built.removed.length).toBe(6);
        },
      ),
      { numRuns: 400, seed: 4 },
    );
  });
});
