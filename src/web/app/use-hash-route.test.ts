import { describe, expect, it } from "vitest";
import { isRouteHash, parseRoute, type Route, routeHash } from "./use-hash-route.js";

describe("hash routes", () => {
  it("tells route hashes from in-page anchors such as the skip link's #main", () => {
    expect(["", "#", "#/", "#/chat/1", "#/permissions"].map(isRouteHash)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["#main", "#chat/1", "#%2F"].map(isRouteHash)).toEqual([false, false, false]);
  });

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

  it("marks a team store's chat (store=team), and round-trips", () => {
    const route: Route = {
      page: "chat",
      appId: 1,
      chatId: 5,
      messageId: 42,
      from: { chatId: 3, messageId: 17 },
      team: true,
    };
    expect(routeHash(route)).toBe("#/chat/1/5?message=42&from=3.17&store=team");
    expect(parseRoute(routeHash(route))).toEqual(route);
    expect(parseRoute("#/chat/1?store=team")).toEqual({
      page: "chat",
      appId: 1,
      chatId: null,
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
    expect(parseRoute("#/chat/1/-5?message=1")).toEqual({
      page: "chat",
      appId: 1,
      chatId: null,
      messageId: null,
      from: null,
    });
    expect(parseRoute("#/chat")).toEqual({
      page: "chat",
      appId: null,
      chatId: null,
      messageId: null,
      from: null,
    });
    expect(parseRoute("#/permissions")).toEqual({ page: "permissions" });
  });

  it("reads an app segment that is not an id as an app not found, never as no app", () => {
    for (const segment of ["Nope", "Tasktide", "0", "-5", "%F0%9F%99%82", "1x"]) {
      expect(parseRoute(`#/chat/${segment}/1?message=2`)).toEqual({
        page: "chat",
        appId: null,
        chatId: null,
        appNotFound: true,
      });
    }
  });
});
