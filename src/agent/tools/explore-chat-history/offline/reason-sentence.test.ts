import { describe, expect, test } from "vitest";
import { reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { formulate } from "./query-model.js";
import { givingReason } from "./reason-sentence.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const QUESTION = "Why did we pick MailerLite for the mailing list?";

describe("a why-question's quote", () => {
  test("the sentence giving a reason about the subject is quoted, not one only naming it", () => {
    const turn =
      "Now, let's create a service module for MailerLite integration with the mailing list. " +
      "I recommend using MailerLite for this implementation due to its clean REST API.";
    const history = [observation("c1", turn, { role: "assistant", via: "read" })];
    const report = reportFor(runState(QUESTION, history), DEFAULT_POLICY);
    expect(report.findings[0]?.claim).toContain(
      '"I recommend using MailerLite for this implementation due to its clean REST API."',
    );
  });

  test("a reason is a statement with a cue that names the subject", () => {
    const reason = givingReason(formulate(QUESTION));
    expect(reason("We went with MailerLite because its free tier covers us.")).toBe(true);
    expect(reason("MailerLite, since it already handles GDPR consent.")).toBe(true);
    expect(reason("Is it MailerLite because of the price?")).toBe(false);
    expect(reason("We have used MailerLite since 2024.")).toBe(false);
    expect(reason("Postmark was chosen because it is fast.")).toBe(false);
    // The problem a choice fixed is its reason, as coding agents state it.
    const pooler = givingReason(
      formulate("why do we connect through the pooler instead of the direct host?"),
    );
    expect(pooler("The direct connection failed and timed out.")).toBe(true);
    expect(pooler("The direct host is IPv6-only, and this machine can't route IPv6.")).toBe(true);
    expect(pooler("The fix is the Session Pooler, which has its own host.")).toBe(true);
    expect(pooler("Copy the pooler host from the dashboard.")).toBe(false);
    const driver = givingReason(formulate("why did we switch to asyncpg?"));
    expect(
      driver(
        "The issue is that the asynchronous driver (`asyncpg`) is missing from your dependencies.",
      ),
    ).toBe(true);
    expect(driver("Run `uv sync` in your terminal to install `asyncpg`.")).toBe(false);
  });

  test("a reason in words of its own gives it right after a statement on the subject", () => {
    const port = givingReason(formulate("why did we move the dev server to a different port?"));
    const cause = "I ran into issues launching sessions because the address was in use.";
    expect(port(cause, "Let's set vite to run on a different starting port.")).toBe(true);
    expect(port(cause, "Should the dev server move to another port?")).toBe(false);
    expect(port(cause, "Let's update the footer links.")).toBe(false);
    expect(port(cause)).toBe(false);
  });

  test("the request's sentence giving the reason is quoted when it follows the one asked about", () => {
    const request =
      "Let's set vite to run on a different starting port in this project. " +
      "I'm doing some parallel development on another project and have run into issues because the address was in use.";
    const history = [observation("c1", request, { role: "user", via: "read" })];
    const report = reportFor(
      runState("Why did we move the dev server to a different port?", history),
      DEFAULT_POLICY,
    );
    expect(report.findings[0]?.claim).toContain("because the address was in use");
  });
});
