/**
 * A chat longer than the 500-message window can be read whole: the window says there is more
 * before it (`hasEarlier`), and `?before=ID` returns the page just before a message.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../store/open-store.js";
import { createReadOnlyApi } from "./testing/read-only-api.js";
import { seedHistory, seedOwnChat } from "./testing/seed-history.js";

const LONG_CHAT = 620;

let store: Store;
let appId: number;
let chatId: number;

beforeEach(() => {
  store = openStore({ path: ":memory:" });
  appId = seedHistory(store).appId;
  chatId = seedOwnChat(store, {
    appId,
    title: "long",
    lines: Array.from({ length: LONG_CHAT }, (_, index) => [
      index % 2 === 0 ? "user" : "assistant",
      `message ${index + 1}`,
    ]),
  });
});
afterEach(() => store.close());

const app = () => createReadOnlyApi(store);

interface Page {
  readonly hasEarlier: boolean;
  readonly hasLater: boolean;
  readonly messages: ReadonlyArray<{ id: number; segments: Array<{ text?: string }> }>;
}

async function page(query = ""): Promise<Page> {
  const response = await app().request(`/api/apps/${appId}/chats/${chatId}/messages${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

const texts = (result: Page) => result.messages.map((message) => message.segments[0]?.text);

describe("a chat longer than the message window", () => {
  it("says the newest 500 are not all, and reaches message 1 page by page", async () => {
    const newest = await page();
    expect(newest.messages).toHaveLength(500);
    expect(newest.hasEarlier).toBe(true);
    expect(texts(newest)[0]).toBe("message 121");

    const earlier = await page(`?before=${newest.messages[0]?.id}`);
    expect(earlier.hasEarlier).toBe(false);
    expect(texts(earlier)).toEqual(
      Array.from({ length: 120 }, (_, index) => `message ${index + 1}`),
    );
  });

  it("pages back 500 at a time from deep in the chat", async () => {
    const newest = await page();
    const last = newest.messages.at(-1)?.id ?? 0;
    const before = await page(`?before=${last}`);
    expect(before.messages).toHaveLength(500);
    expect(texts(before)[0]).toBe("message 120");
    expect(texts(before).at(-1)).toBe("message 619");
    expect(before.hasEarlier).toBe(true);
  });

  it("opened around a message near the start, offers the later ones and reaches the last", async () => {
    const newest = await page();
    expect(newest.hasLater).toBe(false);
    const first = (await page(`?before=${newest.messages[0]?.id}`)).messages[0]?.id ?? 0;
    const around = await page(`?message=${first + 29}`);
    expect(texts(around)[0]).toBe("message 1");
    expect(texts(around).at(-1)).toBe("message 500");
    expect(around).toMatchObject({ hasEarlier: false, hasLater: true });

    const later = await page(`?after=${around.messages.at(-1)?.id}`);
    expect(texts(later)).toEqual(
      Array.from({ length: 120 }, (_, index) => `message ${index + 501}`),
    );
    expect(later).toMatchObject({ hasEarlier: true, hasLater: false });
  });

  it("a short chat has nothing earlier", async () => {
    const short = seedOwnChat(store, {
      appId,
      title: "short",
      lines: [["user", "hi"]],
      externalId: "short",
    });
    const response = await app().request(`/api/apps/${appId}/chats/${short}/messages`);
    expect(((await response.json()) as Page).hasEarlier).toBe(false);
  });

  it("refuses message and before together, and a before of another chat", async () => {
    const both = await app().request(
      `/api/apps/${appId}/chats/${chatId}/messages?message=1&before=1`,
    );
    expect(both.status).toBe(400);
    expect(((await both.json()) as { error: { argument: string } }).error.argument).toBe("before");
    const foreign = await app().request(`/api/apps/${appId}/chats/${chatId}/messages?before=1`);
    expect(foreign.status).toBe(404);
    const twoWays = await app().request(
      `/api/apps/${appId}/chats/${chatId}/messages?before=1&after=1`,
    );
    expect(twoWays.status).toBe(400);
    expect(((await twoWays.json()) as { error: { argument: string } }).error.argument).toBe(
      "after",
    );
  });
});
