/**
 * A message's label: who wrote it and when. Not a heading: a long chat would otherwise give the
 * page hundreds of headings, drowning its own in a screen reader's heading list.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../i18n/index.js";

/** Props: who wrote it, the stored time (ISO-8601, null when unknown or still streaming), extras. */
export interface RoleLabelProps {
  readonly author: "user" | "assistant";
  readonly createdAt: string | null;
  readonly children?: ReactNode;
}

/** The label. */
export function RoleLabel({ author, createdAt, children }: RoleLabelProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="message-role">
      <span className="message-author">{t(`app.role.${author}`)}</span>
      {createdAt ? (
        <time className="message-time" dateTime={createdAt}>
          {formatDate(createdAt, i18n.language)}
        </time>
      ) : null}
      {children}
    </div>
  );
}
