import { describe, expect, it } from "vitest";
import { permissionToolNames, visiblePermissionRows } from "./permission-rows.js";
import {
  consentQuestionText,
  createQuestionConsentPrompter,
  isYes,
} from "./readline-consent-prompter.js";
import { resolveConsent } from "./resolve-consent.js";

const request = {
  toolName: "read_chat",
  preview: "Send messages of earlier chat 3 from this app's history to the active model.",
  disclosure: "Sends the selected historical chat text from this app to the active model.",
};

describe("consent resolution", () => {
  it("uses the tool's own stored key, else its default; never another tool's value", () => {
    expect(
      resolveConsent("explore_chat_history", "always", {
        search_chats: "never",
        read_chat: "never",
      }),
    ).toBe("always");
    expect(resolveConsent("read_chat", "ask", { read_chat: "always" })).toBe("always");
    expect(resolveConsent("read_chat", "ask", undefined)).toBe("ask");
  });
});

describe("permission rows", () => {
  it("one row per main-facing tool, none for internal search_chats, legacy values kept out of sight", () => {
    const rows = visiblePermissionRows({ search_chats: "never", read_chat: "always" });
    expect(rows.map((row) => [row.toolName, row.consent, row.stored, row.requiresPro])).toEqual([
      ["explore_chat_history", "always", false, true],
      ["read_chat", "always", true, true],
      ["set_chat_summary", "always", false, false],
      ["write_plan", "always", false, false],
      ["exit_plan", "always", false, false],
    ]);
    expect(rows[0]).toMatchObject({
      labelKey: "permissions.tools.explore_chat_history.label",
      disclosureKey: "permissions.tools.explore_chat_history.disclosure",
      disclosure:
        "Searches and reads this app's earlier chats on this device, and sends bounded same-app historical chat text to the Engine for synthesis.",
    });
    expect(rows[1]!.disclosure).toBe(
      "Sends the selected historical chat text from this app to the active model. Other apps' chats are never read.",
    );
    expect(permissionToolNames()).not.toContain("search_chats");
  });
});

describe("CLI consent question", () => {
  it("says what is sent where and accepts only an explicit yes", async () => {
    expect(consentQuestionText(request)).toBe(
      "\nAllow read_chat? Send messages of earlier chat 3 from this app's history to the active model.\nSends the selected historical chat text from this app to the active model.\nAllow this call? [y/N] ",
    );
    expect(["y", " YES ", "Yes"].map(isYes)).toEqual([true, true, true]);
    expect(["", "n", "yep", "no", "y y"].map(isYes)).toEqual([false, false, false, false, false]);
    const asked: string[] = [];
    const prompter = createQuestionConsentPrompter(async (prompt) => {
      asked.push(prompt);
      return "y";
    });
    expect(await prompter.confirm(request, new AbortController().signal)).toBe("allow");
    expect(asked).toHaveLength(1);
  });

  it("denies on abort, closed input or error, without asking when already aborted", async () => {
    let asked = 0;
    const failing = createQuestionConsentPrompter(async () => {
      asked++;
      throw new Error("closed");
    });
    expect(await failing.confirm(request, new AbortController().signal)).toBe("deny");
    const aborted = new AbortController();
    aborted.abort();
    expect(await failing.confirm(request, aborted.signal)).toBe("deny");
    expect(asked).toBe(1);
  });
});
