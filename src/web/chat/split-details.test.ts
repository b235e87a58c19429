import { describe, expect, it } from "vitest";
import { splitDetails } from "./split-details.js";

describe("splitDetails", () => {
  it("turns an exported disclosure into a details block with a plain-text summary and a markdown body", () => {
    const text = [
      "Looking.",
      "",
      "<details>",
      "            <summary>Listed directory <b>src</b> • **3** results</summary>",
      "        ",
      "| Name |",
      "|-------|",
      "| `cli.ts` |",
      "</details>",
      "",
      "Done.",
    ].join("\n");
    expect(splitDetails(text)).toEqual([
      { kind: "markdown", text: "Looking.\n" },
      {
        kind: "details",
        summary: "Listed directory src • **3** results",
        blocks: [{ kind: "markdown", text: "        \n| Name |\n|-------|\n| `cli.ts` |\n" }],
      },
      { kind: "markdown", text: "\nDone." },
    ]);
  });

  it("nests, and leaves an unclosed or fenced <details> as markdown text", () => {
    expect(
      splitDetails("<details><summary>a</summary>\n<details>\nin\n</details>\n</details>"),
    ).toEqual([
      {
        kind: "details",
        summary: "a",
        blocks: [{ kind: "details", summary: "", blocks: [{ kind: "markdown", text: "in\n" }] }],
      },
    ]);
    expect(splitDetails("<details>\nnever closed")).toEqual([
      { kind: "markdown", text: "<details>\nnever closed" },
    ]);
    const fenced = "```html\n<details>\nx\n</details>\n```";
    expect(splitDetails(fenced)).toEqual([{ kind: "markdown", text: fenced }]);
  });
});
