import { describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { DEMO_APP_NAME, DEMO_CHATS } from "./demo-chats.js";
import { seedDemoHistory } from "./seed-demo.js";

describe("seedDemoHistory", () => {
  it("writes the demo through writeChats once and is a no-op afterwards", () => {
    using store = openStore({ path: ":memory:" });
    store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('Someone else', 1)").run();
    const first = seedDemoHistory(store);
    const messages = DEMO_CHATS.reduce((sum, chat) => sum + chat.messages.length, 0);
    expect(first).toMatchObject({
      appName: DEMO_APP_NAME,
      chatsWritten: 11,
      messagesWritten: messages,
    });
    const again = seedDemoHistory(store);
    expect(again).toEqual({ ...first, chatsWritten: 0, messagesWritten: 0 });
    const counts = store.db
      .prepare<[number], { chats: number; messages: number }>(
        "SELECT count(DISTINCT c.id) AS chats, count(m.id) AS messages FROM chats c JOIN messages m ON m.chat_id = c.id WHERE c.app_id = ?",
      )
      .get(first.appId);
    expect(counts).toEqual({ chats: 11, messages });
  });

  it("keeps the reversal in time order: sessions, then Clerk, then Supabase Auth", () => {
    const when = (key: string) =>
      DEMO_CHATS.find((chat) => chat.key === key)?.messages[0]?.[2] ?? "";
    expect(when("auth-sessions") < when("auth-clerk")).toBe(true);
    expect(when("auth-clerk") < when("auth-cost")).toBe(true);
  });
});
