/**
 * A tiny hash router: `#/permissions`, `#/chat`, `#/chat/<appId>`, `#/chat/<appId>/<chatId>`.
 * Hash routes need no server rewrites and survive reloads.
 */
import { useCallback, useEffect, useState } from "react";

/** The parsed route. */
export type Route =
  | { readonly page: "permissions" }
  | { readonly page: "chat"; readonly appId: number | null; readonly chatId: number | null };

const id = (raw: string | undefined): number | null =>
  raw && /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;

/** Parses a location hash. Unknown hashes are the chat page. Pure. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "permissions") return { page: "permissions" };
  return { page: "chat", appId: id(parts[1]), chatId: id(parts[2]) };
}

/** The hash for a route. Pure. */
export function routeHash(route: Route): string {
  if (route.page === "permissions") return "#/permissions";
  if (route.appId === null) return "#/chat";
  return route.chatId === null ? `#/chat/${route.appId}` : `#/chat/${route.appId}/${route.chatId}`;
}

/** The current route and a navigate function. */
export function useHashRoute(): [Route, (route: Route) => void] {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  const navigate = useCallback((next: Route) => {
    window.location.hash = routeHash(next);
  }, []);
  return [route, navigate];
}
