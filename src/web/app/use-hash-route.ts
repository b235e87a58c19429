/**
 * A tiny hash router: `#/permissions`, `#/chat`, `#/chat/<appId>`, `#/chat/<appId>/<chatId>`, and
 * a message inside a chat: `#/chat/<appId>/<chatId>?message=<id>&from=<chatId>.<messageId>`
 * (`from` is the answer the person came from, for the way back), and `&store=team` when that chat
 * is a team store's (`serve --store postgres://…`: a card's evidence there). Hash routes need no server
 * rewrites and survive reloads, so an evidence link can be shared or reloaded.
 */
import { useCallback, useEffect, useState } from "react";

/** A message in a chat of the route's app. */
export interface MessageAddress {
  readonly chatId: number;
  readonly messageId: number;
}

/** The parsed route. */
export type Route =
  | { readonly page: "permissions" }
  | {
      readonly page: "chat";
      readonly appId: number | null;
      readonly chatId: number | null;
      /** The message to scroll to and highlight, or null. */
      readonly messageId?: number | null;
      /** Where the person came from (an answer citing this message), or null. */
      readonly from?: MessageAddress | null;
      /** True when the chat is the team store's, not a local one (`store=team`). */
      readonly team?: boolean;
      /**
       * True when the route names an app by something that is not an id (a name, `0`, an emoji):
       * no app has it, so the page shows "app not found" and never falls back to another app.
       */
      readonly appNotFound?: boolean;
    };

const ID = /^[1-9][0-9]{0,15}$/;
const id = (raw: string | null | undefined): number | null =>
  raw && ID.test(raw) ? Number(raw) : null;

function address(raw: string | null): MessageAddress | null {
  const [chat, message] = (raw ?? "").split(".");
  const chatId = id(chat);
  const messageId = id(message);
  return chatId !== null && messageId !== null ? { chatId, messageId } : null;
}

/**
 * Parses a location hash. Unknown hashes are the chat page; a malformed app segment is
 * `appNotFound` (appId and chatId null); other malformed ids are null. Pure.
 */
export function parseRoute(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#\/?/, "").split("?", 2);
  const parts = path.split("/");
  if (parts[0] === "permissions") return { page: "permissions" };
  if (parts[1] && id(parts[1]) === null) {
    return { page: "chat", appId: null, chatId: null, appNotFound: true };
  }
  const params = new URLSearchParams(query);
  const chatId = id(parts[2]);
  return {
    page: "chat",
    appId: id(parts[1]),
    chatId,
    messageId: chatId === null ? null : id(params.get("message")),
    from: chatId === null ? null : address(params.get("from")),
    ...(chatId !== null && params.get("store") === "team" ? { team: true } : {}),
  };
}

/** True for a hash the router reads: empty, `#`, or starting `#/`. Pure. */
export function isRouteHash(hash: string): boolean {
  return hash === "" || hash === "#" || hash.startsWith("#/");
}

/** The hash for a route. Pure; `parseRoute(routeHash(route))` gives the route back. */
export function routeHash(route: Route): string {
  if (route.page === "permissions") return "#/permissions";
  if (route.appId === null) return "#/chat";
  if (route.chatId === null) return `#/chat/${route.appId}`;
  const base = `#/chat/${route.appId}/${route.chatId}`;
  const params: string[] = [];
  if (route.messageId) params.push(`message=${route.messageId}`);
  if (route.from) params.push(`from=${route.from.chatId}.${route.from.messageId}`);
  if (route.team) params.push("store=team");
  return params.length > 0 ? `${base}?${params.join("&")}` : base;
}

/** The current route and a navigate function. */
export function useHashRoute(): [Route, (route: Route) => void] {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    // A hash that is no route (an in-page anchor such as `#main`) leaves the page where it is.
    const onChange = () => {
      if (isRouteHash(window.location.hash)) setRoute(parseRoute(window.location.hash));
    };
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  const navigate = useCallback((next: Route) => {
    window.location.hash = routeHash(next);
  }, []);
  return [route, navigate];
}
