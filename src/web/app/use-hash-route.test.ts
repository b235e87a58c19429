import { describe, expect, it } from "vitest";
import { parseRoute, type Route, routeHash } from "./use-hash-route.js";

describe("hash routes", () => {
  it("addresses a message and the answer it was opened from, and round-trips", () => {
    const route: Route = {
      page: "chat",
      appId: 1,
      chatId: 5,
      messageId: 42,
      from: { chatId: 3, messageId: 17 },
    };
    expect(routeHash(route)).toBe("#/chat/1/5?message=42&from=3.17");
    expect(parseRoute("#/chat/1/5?message=42&from=3.17")).toEqual(route);
    expect(parseRoute("#/chat/1/5")).toEqual({
      page: "chat",
      appId: 1,
      chatId: 5,
      messageId: null,
      from: null,
    });
  });

  it("reads malformed ids as absent, never as another number", () => {
    expect(parseRoute("#/chat/1/5?message=4x&from=3")).toEqual({
      page: "chat",
      appId: 1,
      chatId: 5,
      messageId: null,
      from: null,
    });
    expect(parseRoute("#/chat/0/-5?message=1")).toEqual({
      page: "chat",
      appId: null,
      chatId: null,
      messageId: null,
      from: null,
    });
    expect(parseRoute("#/permissions")).toEqual({ page: "permissions" });
  });
});
