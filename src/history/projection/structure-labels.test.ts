import { describe, expect, it } from "vitest";
import { contentTerms } from "../text/content-terms.js";
import { projectMessage } from "./project-message.js";
import { withoutStructureLabels } from "./structure-labels.js";

const terms = (text: string) => [...new Set(contentTerms(text).map((term) => term.word))];

describe("withoutStructureLabels", () => {
  it("drops the labels the projection leaves for tool calls and code, joined or on their own lines", () => {
    const { text: projected } = projectMessage({
      source: "specstory",
      role: "assistant",
      content: [
        "Implementing the auth plan.",
        '<tool-use data-tool-type="unknown" data-tool-name="read_file_v2">payload</tool-use>',
        "```bash",
        "npm run build",
        "```",
        "Shipped it.",
      ].join("\n"),
    });
    expect(projected).toContain("[tool-use: read_file_v2]");
    expect(projected).toContain("[code: bash]");
    expect(terms(withoutStructureLabels(projected))).toEqual([
      "implementing",
      "auth",
      "plan",
      "shipped",
    ]);
    expect(
      terms(
        withoutStructureLabels(
          "Exploring [tool-use: ripgrep_raw_search] [edit] [diff] [code] search",
        ),
      ),
    ).toEqual(["exploring", "search"]);
  });

  it("keeps a label that names a path or a description, and prose in brackets", () => {
    const text = "[write: src/auth.ts — Add login] see [the docs] and [tool-use]";
    expect(withoutStructureLabels(text)).toBe(
      "[write: src/auth.ts — Add login] see [the docs] and  ",
    );
  });
});
