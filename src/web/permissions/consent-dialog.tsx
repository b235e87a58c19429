/**
 * The `ask` consent dialog: a native modal `<dialog>` (focus moves in and is trapped, the page
 * behind is inert, Escape denies), labelled by its title and described by the disclosure copy,
 * which says what is sent where (plan § Consent and Privacy). Focus starts on Deny, the choice
 * that sends nothing, so an accidental Enter never discloses history.
 */
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ConsentRequestEvent } from "../../server/shared/server-events.js";
import { isKnownTool, toolCopyKey } from "./tool-copy.js";

/** Props: the open request, or null when closed, and the answer callback. */
export interface ConsentDialogProps {
  readonly request: ConsentRequestEvent | null;
  readonly onAnswer: (decision: "allow" | "deny") => void;
}

/** The consent dialog. */
export function ConsentDialog({ request, onAnswer }: ConsentDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const open = request !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const tool = request?.toolName ?? "";
  const toolName = isKnownTool(tool) ? t(`${toolCopyKey(tool)}.name`) : tool;
  const body =
    tool === "explore_chat_history" || tool === "read_chat"
      ? t(`consent.body.${tool}`)
      : t("consent.body.other");

  return (
    <dialog
      ref={dialogRef}
      className="consent-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer("deny");
      }}
    >
      {request ? (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
          }}
        >
          <h2 id={titleId}>{t("consent.title", { tool: toolName })}</h2>
          <p id={bodyId}>{body}</p>
          {request.preview ? (
            <div className="consent-preview">
              <span className="label">{t("consent.request")}</span>
              <p>{request.preview}</p>
            </div>
          ) : null}
          <p className="consent-later">{t("consent.changeLater")}</p>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => onAnswer("deny")}>
              {t("consent.deny")}
            </button>
            <button type="button" className="button primary" onClick={() => onAnswer("allow")}>
              {t("consent.allow")}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
