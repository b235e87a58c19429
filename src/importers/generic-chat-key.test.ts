import { describe, expect, it } from "vitest";
import { genericChatKey, genericChatKeyPair } from "./generic-chat-key.js";

describe("genericChatKey", () => {
  it("writes the (app, chat) pair as stored and reads it back; another format's id is no pair", () => {
    expect(genericChatKey("shop", 'c"1')).toBe('["shop","c\\"1"]');
    expect(genericChatKeyPair(genericChatKey("shop", 'c"1'))).toEqual(["shop", 'c"1']);
    expect(
      ["9b2f6c4e-1d3a", '["shop"]', '["shop",1]', "[not json"].map(genericChatKeyPair),
    ).toEqual([null, null, null, null]);
  });
});
