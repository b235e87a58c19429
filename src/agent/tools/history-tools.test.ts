import { afterEach, describe, expect, it } from "vitest";
import { renderCardXml } from "../../card/card-xml.js";
import { RecollectError } from "../../errors/recollect-error.js";
import type { Store } from "../../store/open-store.js";
import type { AgentContext } from "../context.js";
import { createExplorerEngine } from "../explorer-engine.js";
import { exploreChatHistoryTool } from "./explore-chat-history/index.js";
import { standardStore } from "./explore-chat-history/testing/explore-test-fixtures.js";
import { readChatTool, searchChatsTool } from "./registry.js";
import type { ToolExecutionContext } from "./tool-definition.js";

const opened: Store[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

function setup(isPro: boolean) {
  const { store, ids } = standardStore();
  opened.push(store);
  const cards: string[] = [];
  const ctx: ToolExecutionContext = {
    store,
    appId: ids.apps.get("Tasktide")!,
    chatId: null,
    messageId: null,
    isPro,
    abortSignal: new AbortController().signal,
    engine: createExplorerEngine({ kind: "offline" }),
    updateCard: (card) => cards.push(renderCardXml(card)),
  };
  return { ctx, ids, cards };
}

async function failure(run: () => Promise<unknown>): Promise<RecollectError> {
  try {
    await run();
  } catch (error) {
    if (RecollectError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a RecollectError");
}

describe("history tools fail closed without Pro", () => {
  it("read_chat, search_chats and the explorer throw PreconditionError(pro), show no card, read nothing", async () => {
    const { ctx, ids, cards } = setup(false);
    const chatId = ids.chats.get("auth-1")!;
    const errors = [
      await failure(() => readChatTool.execute({ chat_id: chatId }, ctx)),
      await failure(() => searchChatsTool.execute({ query: "authentication" }, ctx)),
      await failure(() =>
        exploreChatHistoryTool.execute({ query: "what did we decide about authentication?" }, ctx),
      ),
    ];
    expect(
      errors.map((error) => [error.kind, error.name, (error as { missing?: string }).missing]),
    ).toEqual([
      ["precondition", "ProRequiredError", "pro"],
      ["precondition", "ProRequiredError", "pro"],
      ["precondition", "ProRequiredError", "pro"],
    ]);
    expect(errors[0]!.message).toBe(
      "read_chat requires Pro. History tools are unavailable without it, and there is no fallback.",
    );
    for (const error of errors) expect(error.message).not.toMatch(/sessions|Clerk|Login/);
    expect(cards).toEqual([]);
  });
});

describe("read_chat (Pro)", () => {
  it("reads the same-app chat and renders a pending then done <dyad-read-chat> card", async () => {
    const { ctx, ids, cards } = setup(true);
    const chatId = ids.chats.get("auth-1")!;
    const result = await readChatTool.execute({ chat_id: chatId }, ctx);
    expect(result.chat_title).toBe("Login with sessions");
    expect(result.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toBe(`<dyad-read-chat state="pending" chat-id="${chatId}"></dyad-read-chat>`);
    expect(cards[1]).toMatch(
      new RegExp(
        `^<dyad-read-chat state="done" chat-id="${chatId}" title="Login with sessions" messages="2" truncated="false">\\{&quot;chat_id&quot;:${chatId},`,
      ),
    );
    const modelOutput = JSON.parse(readChatTool.toModelOutput(result));
    expect(modelOutput.archival_content).toBe(true);
    expect(modelOutput.chat_id).toBe(chatId);
  });

  it("another app's chat is the same not_found as a missing one, and the card shows only the kind", async () => {
    const { ctx, ids, cards } = setup(true);
    const other = await failure(() =>
      readChatTool.execute({ chat_id: ids.chats.get("secret")! }, ctx),
    );
    const missing = await failure(() => readChatTool.execute({ chat_id: 999_999 }, ctx));
    expect(other.kind).toBe("not_found");
    expect(missing.kind).toBe("not_found");
    expect(other.message.replace(/\d+/g, "N")).toBe(missing.message.replace(/\d+/g, "N"));
    expect(cards.at(-1)).toBe(
      '<dyad-read-chat state="failed" chat-id="999999" error-kind="not_found"></dyad-read-chat>',
    );
    expect(cards.join("")).not.toContain("magic links");
  });

  it("consent preview names what is sent where, without archival text", () => {
    expect(readChatTool.consentPreview({ chat_id: 4, around_message_id: 9 })).toBe(
      "Send messages around message 9 of earlier chat 4 from this app's history to the active model.",
    );
  });
});

describe("search_chats (internal, Pro)", () => {
  it("searches the locked app and renders the legacy <dyad-search-chats> card", async () => {
    const { ctx, cards } = setup(true);
    const result = await searchChatsTool.execute({ query: "authentication" }, ctx);
    const titles = result.chats.map((chat) => chat.chat_title).sort();
    expect(titles).toEqual(["Login with sessions", "Switch auth to Clerk"]);
    expect(cards[0]).toBe(
      '<dyad-search-chats state="pending" query="authentication"></dyad-search-chats>',
    );
    expect(cards[1]).toMatch(
      /^<dyad-search-chats state="done" query="authentication" chats="2" index-status="ready" truncated="false">/,
    );
  });

  it("escapes markup in the query attribute", async () => {
    const { ctx, cards } = setup(true);
    await searchChatsTool.execute({ query: '"><script>x</script>' }, ctx);
    expect(cards[0]).toBe(
      '<dyad-search-chats state="pending" query="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"></dyad-search-chats>',
    );
  });
});

describe("AgentContext is unchanged by tools", () => {
  it("a non-Pro AgentContext type is accepted by every isEnabled", () => {
    const ctx: AgentContext = setup(false).ctx;
    expect([readChatTool, searchChatsTool].map((tool) => tool.isEnabled(ctx))).toEqual([
      false,
      false,
    ]);
  });
});
