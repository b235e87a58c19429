/**
 * The report's confidence on small fixtures of our own: "high" needs strong evidence that more
 * than one chat corroborates, never one short message alone.
 */
import { describe, expect, test } from "vitest";
import { reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const QUESTION = "What did we decide about the database?";
const read = { via: "read" as const };
// Long off-subject turns: against their length, a three-word message saturates coverage.
const HISTORY = [
  observation("c1", "Database note: done", { chatTitle: "Notes", ...read }),
  observation("c2", "Noted.", { chatTitle: "Notes", role: "assistant", ...read }),
  observation("c3", "We decided to use Postgres for billing", {
    chatId: 2,
    chatTitle: "Billing DB",
    ...read,
  }),
  observation(
    "c4",
    "Postgres keeps invoices, payments and refunds in one transactional store, and the billing service takes row level locks when it settles the nightly batch of card payments, retries failed charges twice, emails receipts and exports the ledger for the accountants every month.",
    { chatId: 2, chatTitle: "Billing DB", role: "assistant", ...read },
  ),
  observation(
    "c5",
    "The onboarding emails go out on day one, day three and day seven, each with a short video, a checklist, a survey about the first week, a reminder to invite teammates, a tour of the reports page, a note on keyboard shortcuts and a link to book a call with the support team in any time zone.",
    { chatId: 3, chatTitle: "Onboarding", ...read },
  ),
];

describe("confidence", () => {
  test("one chat's short message that covers the subject is not high", () => {
    const report = reportFor(runState(QUESTION, HISTORY), DEFAULT_POLICY);
    const cited = report.findings.flatMap((finding) => finding.candidate_ids);
    expect(cited).toEqual(["c1", "c2"]);
    expect(report.confidence).toBe("medium");
  });

  test("strong evidence that a second chat corroborates is high", () => {
    const second = observation(
      "c6",
      "The database is Postgres: one database per tenant, migrated on deploy.",
      { chatId: 4, chatTitle: "Tenancy", role: "assistant", ...read },
    );
    const report = reportFor(runState(QUESTION, [...HISTORY, second]), DEFAULT_POLICY);
    const cited = report.findings.flatMap((finding) => finding.candidate_ids);
    expect(cited).toEqual(expect.arrayContaining(["c1", "c6"]));
    expect(report.confidence).toBe("high");
  });
});
