/**
 * Tool permissions (plan § Consent and Privacy, Phase 4): one row per main-facing tool with
 * always / ask / never and its disclosure copy. The server lists only main-facing tools, so the
 * internal `search_chats` never gets a row.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  type PermissionRow,
  permissionRowSchema,
  permissionsResponseSchema,
} from "../../server/shared/api-types.js";
import { getJson, sendJson } from "../api/client.js";
import { isKnownTool, toolCopyKey } from "./tool-copy.js";

const CHOICES = ["always", "ask", "never"] as const;
const rowResponseSchema = z.object({ row: permissionRowSchema });

/** The permissions page. */
export function PermissionsPage() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<readonly PermissionRow[] | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    getJson("/api/permissions", permissionsResponseSchema)
      .then((response) => setRows(response.rows))
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : String(failure)),
      );
  }, []);

  const change = async (tool: string, consent: (typeof CHOICES)[number]) => {
    setStatus("");
    try {
      const response = await sendJson(
        "PUT",
        `/api/permissions/${encodeURIComponent(tool)}`,
        { consent },
        rowResponseSchema,
      );
      if (response)
        setRows(
          (current) => current?.map((row) => (row.tool === tool ? response.row : row)) ?? null,
        );
      setStatus(t("permissions.saved"));
    } catch (failure) {
      setStatus(
        t("permissions.saveFailed", {
          message: failure instanceof Error ? failure.message : String(failure),
        }),
      );
    }
  };

  return (
    <div className="permissions-page">
      <h1>{t("permissions.title")}</h1>
      <p className="page-intro">{t("permissions.intro")}</p>
      {error ? <p role="alert">{t("app.loadFailed", { message: error })}</p> : null}
      <div className="permission-rows">
        {rows?.map((row) => (
          <PermissionRowView
            key={row.tool}
            row={row}
            onChange={(consent) => void change(row.tool, consent)}
          />
        ))}
      </div>
      <p className="save-status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

function PermissionRowView({
  row,
  onChange,
}: {
  row: PermissionRow;
  onChange: (consent: (typeof CHOICES)[number]) => void;
}) {
  const { t } = useTranslation();
  const disclosureId = useId();
  const name = isKnownTool(row.tool) ? t(`${toolCopyKey(row.tool)}.name`) : row.tool;
  return (
    <fieldset className="permission-row" data-tool={row.tool} aria-describedby={disclosureId}>
      <legend className="permission-name">
        {name} <code className="tool-id">{row.tool}</code>
      </legend>
      <p id={disclosureId} className="permission-disclosure">
        {t(`${toolCopyKey(row.tool)}.disclosure`)}{" "}
        <span className="permission-default">
          {t("permissions.defaultValue", { value: t(`permissions.choice.${row.defaultConsent}`) })}
        </span>
      </p>
      <div className="segmented">
        {CHOICES.map((choice) => (
          <label key={choice} className={`segment${row.consent === choice ? " is-selected" : ""}`}>
            <input
              type="radio"
              name={`consent-${row.tool}`}
              value={choice}
              checked={row.consent === choice}
              onChange={() => onChange(choice)}
            />
            <span>{t(`permissions.choice.${choice}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
