/**
 * The option a person picked by its label, and the quote of a proposal whose reply picked one.
 */
import { describe, expect, test } from "vitest";
import { reportFor } from "./decide-next-action.js";
import { optionLine, pickedOption } from "./option-pick.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const PROPOSAL = [
  "Email confirmation is currently on. Pick one:",
  "",
  '- **(a) Simplest** — turn **off "Confirm email"** in Supabase.',
  "- **(b) Keep confirmation on** — point the confirm link at `/auth/confirm`.",
  "",
  "Which email-confirmation option should I note as decided?",
].join("\n");

describe("pickedOption", () => {
  test.each([
    ["b option and ok then start next", "b"],
    ["Option B, please.", "b"],
    ["let's take option 2", "2"],
    ["go with (a)", "a"],
    ["B.", "b"],
    ["b please", "b"],
    ["(c)", "c"],
  ])("%s → %s", (reply, label) => {
    expect(pickedOption(reply)).toBe(label);
  });

  test.each([
    "go with a separate Vercel project",
    "a few more tests first",
    "Let's keep email confirmation on.",
    "What are the options?",
    "I need a-b testing",
  ])("%s picks nothing", (reply) => {
    expect(pickedOption(reply)).toBeNull();
  });
});

describe("optionLine", () => {
  test("finds the item a label opens, after a list marker and emphasis", () => {
    expect(optionLine(PROPOSAL, "b")).toBe(
      "- **(b) Keep confirmation on** — point the confirm link at `/auth/confirm`.",
    );
    expect(optionLine("1. Drop it\n2. Keep it", "2")).toBe("2. Keep it");
    expect(optionLine("Option B: keep it.", "b")).toBe("Option B: keep it.");
    expect(optionLine(PROPOSAL, "c")).toBeNull();
  });

  test("a heading naming the option comes before a numbered point of the problem", () => {
    const proposal = [
      "## The Mismatch",
      "1. **Connection String:**",
      "- Program.cs looks for: `ConnectionStrings__MongoDB`",
      "## Fix Option 1: Update docker-compose.yaml",
      "## Fix Option 2: Update Program.cs",
    ].join("\n");
    expect(optionLine(proposal, "1")).toBe("Fix Option 1: Update docker-compose.yaml");
    expect(optionLine(proposal, "2")).toBe("Fix Option 2: Update Program.cs");
  });
});

describe("a proposal whose reply picked an option by label", () => {
  test("is quoted at the picked option, with the reply after it", () => {
    const history = [
      observation("c1", PROPOSAL, { role: "assistant", messageId: 1, via: "read" }),
      observation("c2", "b option and ok then start next", { messageId: 2, via: "read" }),
    ];
    const report = reportFor(
      runState("did we keep email confirmation on or turn it off?", history),
      DEFAULT_POLICY,
    );
    const claim = report.findings[0]?.claim ?? "";
    expect(report.findings[0]?.candidate_ids).toEqual(["c1", "c2"]);
    expect(claim).toContain("(b) Keep confirmation on");
    expect(claim).not.toContain("(a) Simplest");
  });
});
