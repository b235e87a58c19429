import { describe, expect, it } from "vitest";
import type { AgentMode } from "../contracts/agent-mode.js";
import type { Consent } from "../contracts/consent.js";
import { openStore } from "../store/open-store.js";
import {
  buildToolSet,
  removeByConsent,
  removeByMode,
  removeForBasicAgent,
  removeForFreeModel,
  removeInternalOnlyTools,
  toolNames,
} from "./build-tool-set.js";
import type { AgentContext } from "./context.js";
import {
  INTERNAL_TOOL_DEFINITIONS,
  PRO_AGENT_ONLY_TOOLS,
  readChatTool,
  searchChatsTool,
  TOOL_DEFINITIONS,
} from "./tools/registry.js";

const store = openStore({ path: ":memory:" });

function context(isPro: boolean): AgentContext {
  return {
    store,
    appId: 1,
    chatId: null,
    messageId: null,
    isPro,
    abortSignal: new AbortController().signal,
  };
}

/**
 * Every cell: {Pro, not Pro} × {Engine model, free model} × {agent, ask, plan} × explorer consent
 * {always, ask, never} → the exact tool names, in order.
 */
const MATRIX: ReadonlyArray<
  readonly [pro: boolean, free: boolean, mode: AgentMode, explorer: Consent, names: string[]]
> = [
  [true, false, "agent", "always", ["explore_chat_history", "read_chat", "set_chat_summary"]],
  [true, false, "agent", "ask", ["explore_chat_history", "read_chat", "set_chat_summary"]],
  [true, false, "agent", "never", ["read_chat", "set_chat_summary"]],
  [true, false, "ask", "always", ["explore_chat_history", "read_chat"]],
  [true, false, "ask", "ask", ["explore_chat_history", "read_chat"]],
  [true, false, "ask", "never", ["read_chat"]],
  [true, false, "plan", "always", ["explore_chat_history", "read_chat", "write_plan", "exit_plan"]],
  [true, false, "plan", "ask", ["explore_chat_history", "read_chat", "write_plan", "exit_plan"]],
  [true, false, "plan", "never", ["read_chat", "write_plan", "exit_plan"]],
  [true, true, "agent", "always", ["set_chat_summary"]],
  [true, true, "agent", "ask", ["set_chat_summary"]],
  [true, true, "agent", "never", ["set_chat_summary"]],
  [true, true, "ask", "always", []],
  [true, true, "ask", "ask", []],
  [true, true, "ask", "never", []],
  [true, true, "plan", "always", ["write_plan", "exit_plan"]],
  [true, true, "plan", "ask", ["write_plan", "exit_plan"]],
  [true, true, "plan", "never", ["write_plan", "exit_plan"]],
  [false, false, "agent", "always", ["set_chat_summary"]],
  [false, false, "agent", "ask", ["set_chat_summary"]],
  [false, false, "agent", "never", ["set_chat_summary"]],
  [false, false, "ask", "always", []],
  [false, false, "ask", "ask", []],
  [false, false, "ask", "never", []],
  [false, false, "plan", "always", ["write_plan", "exit_plan"]],
  [false, false, "plan", "ask", ["write_plan", "exit_plan"]],
  [false, false, "plan", "never", ["write_plan", "exit_plan"]],
  [false, true, "agent", "always", ["set_chat_summary"]],
  [false, true, "agent", "ask", ["set_chat_summary"]],
  [false, true, "agent", "never", ["set_chat_summary"]],
  [false, true, "ask", "always", []],
  [false, true, "ask", "ask", []],
  [false, true, "ask", "never", []],
  [false, true, "plan", "always", ["write_plan", "exit_plan"]],
  [false, true, "plan", "ask", ["write_plan", "exit_plan"]],
  [false, true, "plan", "never", ["write_plan", "exit_plan"]],
];

describe("buildToolSet: the entitlement/exposure matrix", () => {
  it("covers all 36 cells", () => {
    expect(MATRIX).toHaveLength(36);
  });

  it.each(MATRIX)("pro=%s free=%s mode=%s explorer=%s", (pro, free, mode, explorer, names) => {
    const built = buildToolSet(context(pro), {
      mode,
      freeModelMode: free,
      consents: { explore_chat_history: explorer },
    });
    expect(toolNames(built)).toEqual(names);
    expect(toolNames(built)).not.toContain("search_chats");
    const explorerEntry = built.tools.find((t) => t.definition.name === "explore_chat_history");
    if (explorerEntry) expect(explorerEntry.consent).toBe(explorer);
    const readEntry = built.tools.find((t) => t.definition.name === "read_chat");
    if (readEntry) expect(readEntry.consent).toBe("ask");
  });

  it("names why each tool was removed (first filter wins)", () => {
    const built = buildToolSet(context(false), {
      mode: "ask",
      freeModelMode: true,
      consents: { explore_chat_history: "never" },
    });
    expect(built.removed).toEqual([
      { name: "explore_chat_history", reason: "consent_never" },
      { name: "read_chat", reason: "not_pro" },
      { name: "set_chat_summary", reason: "mode" },
      { name: "write_plan", reason: "mode" },
      { name: "exit_plan", reason: "mode" },
    ]);
  });

  it("never exposes search_chats, even when it is passed in as a candidate", () => {
    const built = buildToolSet(context(true), {
      mode: "agent",
      freeModelMode: false,
      definitions: [...INTERNAL_TOOL_DEFINITIONS, ...TOOL_DEFINITIONS],
      consents: { search_chats: "always" },
    });
    expect(toolNames(built)).toEqual(["explore_chat_history", "read_chat", "set_chat_summary"]);
    expect(built.removed[0]).toEqual({ name: "search_chats", reason: "internal_only" });
  });

  it("keeps explorer and read_chat consent keys independent of legacy values", () => {
    const built = buildToolSet(context(true), {
      mode: "agent",
      freeModelMode: false,
      consents: { search_chats: "never", read_chat: "always" },
    });
    expect(built.tools.map((t) => [t.definition.name, t.consent])).toEqual([
      ["explore_chat_history", "always"],
      ["read_chat", "always"],
      ["set_chat_summary", "always"],
    ]);
  });

  it("read_chat consent never removes only read_chat", () => {
    const built = buildToolSet(context(true), {
      mode: "ask",
      freeModelMode: false,
      consents: { read_chat: "never" },
    });
    expect(toolNames(built)).toEqual(["explore_chat_history"]);
  });
});

describe("toolset filters, one at a time", () => {
  it("registry: the three history tools are Pro-only; search_chats is internal-only", () => {
    expect([...PRO_AGENT_ONLY_TOOLS]).toEqual([
      "explore_chat_history",
      "read_chat",
      "search_chats",
    ]);
    expect(TOOL_DEFINITIONS.map((t) => t.name)).toEqual([
      "explore_chat_history",
      "read_chat",
      "set_chat_summary",
      "write_plan",
      "exit_plan",
    ]);
    expect(INTERNAL_TOOL_DEFINITIONS.map((t) => t.name)).toEqual(["search_chats"]);
  });

  it("tool properties match the plan's matrix", () => {
    const explorer = TOOL_DEFINITIONS[0]!;
    expect([explorer.defaultConsent, explorer.usesEngineEndpoint, explorer.modifiesState]).toEqual([
      "always",
      true,
      false,
    ]);
    expect([readChatTool.defaultConsent, readChatTool.usesEngineEndpoint]).toEqual(["ask", true]);
    for (const tool of [explorer, readChatTool, searchChatsTool]) {
      expect(tool.isEnabled(context(false))).toBe(false);
      expect(tool.isEnabled(context(true))).toBe(true);
    }
  });

  it("internal-only", () => {
    expect(removeInternalOnlyTools(searchChatsTool)).toBe("internal_only");
    expect(removeInternalOnlyTools(readChatTool)).toBe("keep");
  });

  it("consent", () => {
    expect(removeByConsent("never")).toBe("consent_never");
    expect(removeByConsent("ask")).toBe("keep");
    expect(removeByConsent("always")).toBe("keep");
  });

  it("mode", () => {
    const verdicts = TOOL_DEFINITIONS.map((tool) => [
      tool.name,
      removeByMode(tool, "agent"),
      removeByMode(tool, "ask"),
      removeByMode(tool, "plan"),
    ]);
    expect(verdicts).toEqual([
      ["explore_chat_history", "keep", "keep", "keep"],
      ["read_chat", "keep", "keep", "keep"],
      ["set_chat_summary", "keep", "mode", "mode"],
      ["write_plan", "mode", "mode", "keep"],
      ["exit_plan", "mode", "mode", "keep"],
    ]);
  });

  it("basic agent and free model", () => {
    expect(TOOL_DEFINITIONS.map((tool) => removeForBasicAgent(tool, false))).toEqual([
      "not_pro",
      "not_pro",
      "keep",
      "keep",
      "keep",
    ]);
    expect(TOOL_DEFINITIONS.map((tool) => removeForFreeModel(tool, true))).toEqual([
      "free_model",
      "free_model",
      "keep",
      "keep",
      "keep",
    ]);
    expect(TOOL_DEFINITIONS.map((tool) => removeForFreeModel(tool, false))).toEqual([
      "keep",
      "keep",
      "keep",
      "keep",
      "keep",
    ]);
  });

  it("free-model mode removes read_chat by name even if its flag said otherwise", () => {
    expect(removeForFreeModel({ ...readChatTool, usesEngineEndpoint: false }, true)).toBe(
      "free_model",
    );
  });
});
