/**
 * An empty store's main view: there is nothing to ask about until a history is imported, so
 * instead of inviting a first message (the composer is disabled) it shows the two commands that
 * fill the store, each whole on a line of its own as the person would paste it.
 */
import { useTranslation } from "react-i18next";
import type { AppsResponse } from "../../server/shared/api-types.js";

/** The empty-store note with the commands written for where the server was started. */
export function EmptyStore({ commands }: { commands: AppsResponse["fillCommands"] }) {
  const { t } = useTranslation();
  return (
    <div className="empty-store" data-empty="no-apps">
      <p className="empty-store-title">{t("app.noApps.title")}</p>
      <p>{t("app.noApps.import")}</p>
      <pre className="command-line">
        <code>{commands.import}</code>
      </pre>
      <p>{t("app.noApps.sync")}</p>
      <pre className="command-line">
        <code>{commands.sync}</code>
      </pre>
    </div>
  );
}
