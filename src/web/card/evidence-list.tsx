/**
 * Host-resolved evidence targets (plan § Evidence Registry): title, localized date, role, the
 * excerpt (as plain text: markdown markers dropped, `plainExcerpt`) and the chat/message ids, all plain selectable text. Labelled "evidence", distinct from
 * model-written "analysis". Inside a chat each target links to the cited message (the plan's
 * follow-up: navigable evidence targets); the link's URL addresses the message and the answer it
 * was opened from, so it survives a reload and can be shared. A target whose message a later sync
 * edited, dropped or kept after its file was deleted is flagged so (the excerpt stays as observed);
 * a dropped one has no link.
 */
import { useTranslation } from "react-i18next";
import type { EvidenceTarget } from "../../card/report-schema.js";
import { routeHash } from "../app/use-hash-route.js";
import { formatDate } from "../i18n/index.js";
import { citationNote, useEvidenceOrigin } from "./evidence-origin.js";
import { plainExcerpt } from "./plain-excerpt.js";

/** One evidence target. */
export function EvidenceItem({ target }: { target: EvidenceTarget }) {
  const { t, i18n } = useTranslation();
  const title = target.chat_title ?? t("card.evidence.untitled");
  const role = t(`card.evidence.role.${target.role}`);
  const date = formatDate(target.created_at, i18n.language);
  const origin = useEvidenceOrigin();
  const note = citationNote(origin, target.chat_id, target.message_id);
  const href =
    origin && note?.state !== "removed"
      ? routeHash({
          page: "chat",
          appId: origin.appId,
          chatId: target.chat_id,
          messageId: target.message_id,
          team: origin.team === true,
          from:
            origin.messageId === null
              ? null
              : { chatId: origin.chatId, messageId: origin.messageId },
        })
      : null;
  return (
    <li className="evidence-item" data-message-id={target.message_id}>
      <div className="evidence-meta">
        <span className="evidence-title" title={title}>
          {title}
        </span>
        <span className={`role-badge role-${target.role}`}>{role}</span>
        <time className="evidence-date" dateTime={target.created_at ?? undefined}>
          {date}
        </time>
      </div>
      <blockquote className="evidence-excerpt" dir="auto">
        {plainExcerpt(target.excerpt)}
      </blockquote>
      <div className="evidence-flags">
        <span className="evidence-ids">
          {t("card.evidence.ids", { chat: target.chat_id, message: target.message_id })}
        </span>
        {href ? (
          <a
            className="evidence-open"
            href={href}
            aria-label={t("card.evidence.openLabel", { message: target.message_id, title })}
          >
            {t("card.evidence.open")}
          </a>
        ) : null}
        {target.is_compaction_summary ? (
          <span className="evidence-flag">{t("card.evidence.compaction")}</span>
        ) : null}
        {note && note.state !== "same" ? (
          <span className="evidence-flag" data-citation={note.state}>
            {t(`card.evidence.${note.state}`)}
          </span>
        ) : null}
        {note?.kept ? (
          <span className="evidence-flag" data-citation="kept">
            {t("card.evidence.kept")}
          </span>
        ) : null}
        {target.projection_truncated ? (
          <span className="evidence-flag">{t("card.evidence.truncated")}</span>
        ) : null}
      </div>
    </li>
  );
}

/** A labelled list of evidence targets. */
export function EvidenceList({ targets }: { targets: readonly EvidenceTarget[] }) {
  const { t } = useTranslation();
  if (targets.length === 0) return null;
  return (
    <div className="evidence-group">
      <span className="label label-evidence">{t("card.label.evidence")}</span>
      <ul className="evidence-list">
        {targets.map((target) => (
          <EvidenceItem key={`${target.chat_id}-${target.message_id}`} target={target} />
        ))}
      </ul>
    </div>
  );
}
