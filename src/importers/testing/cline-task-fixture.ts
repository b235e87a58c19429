/**
 * Test helper: VS Code `globalStorage` folders of Cline (`saoudrizwan.claude-dev`) and Roo Code
 * (`rooveterinaryinc.roo-cline`) laid out like the real ones, `tasks/<id>/` holding
 * `api_conversation_history.json` (Anthropic-style messages as sent to the model) and/or
 * `ui_messages.json` (the UI event log). Written here from the extensions' documented shapes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLINE_TASK } from "./synthetic-histories.js";

/** Task ids: Cline names folders by start time in ms, Roo Code by UUID. */
export const CLINE_TASK_ID = "1767000000000";
export const ROO_TASK_ID = "9b2f6c4e-1d3a-4e5b-8f7c-0a1b2c3d4e5f";

/** A Roo Code API history: a task, injected details and tool results, two exchanges. */
export const ROO_API_HISTORY = [
  {
    role: "user",
    content: [
      { type: "text", text: "<task>\nMove the invoice PDFs to S3\n</task>" },
      {
        type: "text",
        text: "<environment_details>\n# Current Workspace Directory (/home/dana/code/billing) Files\nsrc/\n</environment_details>",
      },
    ],
    ts: 1767100000000,
  },
  {
    role: "assistant",
    content: [
      {
        type: "text",
        text: "<thinking>Check the storage module.</thinking>\n<read_file><path>src/storage.ts</path></read_file>",
      },
    ],
    ts: 1767100005000,
  },
  {
    role: "user",
    content: [
      { type: "text", text: "[read_file for 'src/storage.ts'] Result:\nexport const disk = true;" },
      {
        type: "text",
        text: "<environment_details>\n# VSCode Visible Files\n</environment_details>",
      },
    ],
    ts: 1767100006000,
  },
  {
    role: "assistant",
    content: "Use one bucket per environment, prefixed by year.",
    ts: 1767100010000,
  },
  {
    role: "user",
    content: [
      { type: "text", text: "<feedback>\nOne bucket is fine, no year prefix.\n</feedback>" },
    ],
    ts: 1767100020000,
  },
  {
    role: "assistant",
    content: [{ type: "text", text: "Done: a single bucket, keys by invoice id." }],
    ts: 1767100030000,
  },
];

/**
 * Writes both extensions' folders under `globalStorage` (the VS Code `User/globalStorage` folder):
 * a Cline task with both files, and a Roo Code task with only its API history. Returns the task
 * folders.
 */
export function writeClineAndRooTasks(globalStorage: string): { cline: string; roo: string } {
  const cline = join(globalStorage, "saoudrizwan.claude-dev", "tasks", CLINE_TASK_ID);
  const roo = join(globalStorage, "rooveterinaryinc.roo-cline", "tasks", ROO_TASK_ID);
  mkdirSync(cline, { recursive: true });
  mkdirSync(roo, { recursive: true });
  writeFileSync(join(cline, "ui_messages.json"), CLINE_TASK);
  writeFileSync(
    join(cline, "api_conversation_history.json"),
    JSON.stringify([
      {
        role: "user",
        content: [{ type: "text", text: "<task>plan the fern catalogue import</task>" }],
      },
    ]),
  );
  writeFileSync(
    join(cline, "task_metadata.json"),
    JSON.stringify({ files_in_context: [], model_usage: [] }),
  );
  writeFileSync(join(roo, "api_conversation_history.json"), JSON.stringify(ROO_API_HISTORY));
  return { cline, roo };
}
