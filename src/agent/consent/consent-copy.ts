/**
 * Disclosure copy for consent prompts and the permissions page (plan § Consent and Privacy):
 * the explorer's copy says bounded same-app history may go to the Engine; direct read_chat's says
 * the selected text goes to the active model. English strings here serve the CLI; the web app
 * renders the same i18n keys from its locale files.
 */

/** i18n keys and English copy for one main-facing tool. */
export interface ConsentCopy {
  /** i18n key of the tool's display label, e.g. `permissions.tools.read_chat.label`. */
  readonly labelKey: string;
  /** i18n key of the disclosure, e.g. `permissions.tools.read_chat.disclosure`. */
  readonly disclosureKey: string;
  readonly label: string;
  readonly disclosure: string;
}

const COPY: Readonly<Record<string, Omit<ConsentCopy, "labelKey" | "disclosureKey">>> = {
  explore_chat_history: {
    label: "Explore chat history",
    disclosure:
      "Searches and reads this app's earlier chats on this device, and sends bounded same-app historical chat text to the Engine for synthesis.",
  },
  read_chat: {
    label: "Read an earlier chat",
    disclosure:
      "Sends the selected historical chat text from this app to the active model. Other apps' chats are never read.",
  },
  set_chat_summary: {
    label: "Set chat title and summary",
    disclosure: "Changes the current chat's title and summary. Nothing is sent anywhere else.",
  },
  write_plan: {
    label: "Save a plan",
    disclosure: "Saves a plan for this app on this device.",
  },
  exit_plan: {
    label: "Finish planning",
    disclosure: "Marks the saved plan as ready on this device.",
  },
};

/** Copy for `toolName`; a generic fallback for tools without their own copy. */
export function consentCopy(toolName: string): ConsentCopy {
  const copy = COPY[toolName] ?? {
    label: toolName,
    disclosure: "Runs this tool with this app's data.",
  };
  return {
    labelKey: `permissions.tools.${toolName}.label`,
    disclosureKey: `permissions.tools.${toolName}.disclosure`,
    ...copy,
  };
}

/** The disclosure sentence for `toolName`, as shown in an `ask` prompt. */
export function consentDisclosure(toolName: string): string {
  return consentCopy(toolName).disclosure;
}
