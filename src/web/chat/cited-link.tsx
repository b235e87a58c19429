/**
 * A reply's citation as a link to the cited message (issue 31: no bare "chat 39"): the same
 * route an evidence target's "Open message" takes (`#/chat/<app>/<chat>?message=<id>&from=…`), in
 * the app the reply is shown in, with the way back to the reply. Outside a chat view (no origin)
 * it is its text alone.
 */
import type { ReactNode } from "react";
import type { CitationAddress } from "../../card/citation-link.js";
import { routeHash } from "../app/use-hash-route.js";
import { useEvidenceOrigin } from "../card/evidence-origin.js";

/** Props: the cited message and the link's text (the chat's title and date). */
export interface CitedLinkProps {
  readonly address: CitationAddress;
  readonly children?: ReactNode;
}

/** The link. */
export function CitedLink({ address, children }: CitedLinkProps) {
  const origin = useEvidenceOrigin();
  if (origin === null) return <span className="cited-link">{children}</span>;
  const href = routeHash({
    page: "chat",
    appId: origin.appId,
    chatId: address.chatId,
    messageId: address.messageId,
    team: origin.team === true,
    from: origin.messageId === null ? null : { chatId: origin.chatId, messageId: origin.messageId },
  });
  return (
    <a className="cited-link" href={href} data-cited-message={address.messageId}>
      {children}
    </a>
  );
}
