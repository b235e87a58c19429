import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { projectMessage } from "./project-message.js";
import { redactCredentials } from "./redact-credentials.js";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".split("");
const body = (min: number, max: number) =>
  fc.array(fc.constantFrom(...ALNUM), { minLength: min, maxLength: max }).map((c) => c.join(""));
const upperBody = (length: number) =>
  fc
    .array(fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".split("")), {
      minLength: length,
      maxLength: length,
    })
    .map((c) => c.join(""));

/** Generated secrets of every redacted shape; the test checks their bodies never survive. */
const secret = fc.oneof(
  body(20, 60).map((b) => `sk-${b}`),
  body(20, 60).map((b) => `sk-ant-api03-${b}`),
  body(32, 64).map((b) => `sk-or-v1-${b}`),
  fc
    .tuple(fc.constantFrom("sk", "pk", "rk"), fc.constantFrom("test", "live"), body(16, 40))
    .map(([kind, mode, b]) => `${kind}_${mode}_${b}`),
  body(24, 40).map((b) => `whsec_${b}`),
  upperBody(16).map((b) => `AKIA${b}`),
  body(36, 36).map((b) => `ghp_${b}`),
  body(30, 60).map((b) => `github_pat_${b}`),
  body(35, 35).map((b) => `AIza${b}`),
  body(20, 40).map((b) => `xoxb-${b}`),
  body(34, 34).map((b) => `hf_${b}`),
  fc.tuple(body(10, 30), body(10, 60), body(20, 43)).map(([h, p, s]) => `eyJ${h}.eyJ${p}.${s}`),
);

describe("redactCredentials", () => {
  it.each([
    ["OPENAI_API_KEY=sk-proj-abcdefghijklmnop1234", "OPENAI_API_KEY=[REDACTED]"],
    ["use sk-ant-api03-abcdefghijklmnopqrstu now", "use [REDACTED] now"],
    ["sk_test_51Habcdefghij and pk_live_abcdefghij12", "[REDACTED] and [REDACTED]"],
    ["whsec_abcdefghijklmnop", "[REDACTED]"],
    ["AKIAIOSFODNN7EXAMPLE", "[REDACTED]"],
    ["ghp_abcdefghijklmnopqrstuvwxyz0123456789", "[REDACTED]"],
    ["github_pat_11ABCDEFG0123456789_abcdefghij", "[REDACTED]"],
    ["AIzaSyA-abcdefghijklmnopqrstuvwxyz12345", "[REDACTED]"],
    ["xoxb-1234-5678-abcdefgh", "[REDACTED]"],
    ["hf_abcdefghijklmnopqrstuvwxyz123456", "[REDACTED]"],
    ["token eyJhbGciOiJI.eyJzdWIiOiIx.SflKxwRJSMeKKF2QT4", "token [REDACTED]"],
    [
      "postgres://admin:hunter2@db.example.com:5432/app",
      "postgres://admin:[REDACTED]@db.example.com:5432/app",
    ],
    ['{"client_secret": "abcd1234efgh"}', '{"client_secret": "[REDACTED]"}'],
    ["DB_PASSWORD: 'pa55word'", "DB_PASSWORD: '[REDACTED]'"],
    [
      "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nabc\n-----END RSA PRIVATE KEY-----\nafter",
      "[REDACTED PRIVATE KEY]\nafter",
    ],
    ["-----BEGIN PRIVATE KEY-----\nMIIE unterminated", "[REDACTED PRIVATE KEY]"],
    ["plain task-statuses-in-progress prose stays", "plain task-statuses-in-progress prose stays"],
  ])("redacts %j", (input, expected) => {
    expect(redactCredentials(input)).toBe(expected);
  });

  it("is idempotent", () => {
    const once = redactCredentials("A_TOKEN=abcdef123 postgres://u:p4ss@h sk-abcdefghijklmnopqrs");
    expect(redactCredentials(once)).toBe(once);
  });

  it("never lets a generated secret through a projection, in either role", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        secret,
        fc.string({ maxLength: 200 }),
        fc.constantFrom("user" as const, "assistant" as const),
        (before, key, after, role) => {
          const text = projectMessage({
            source: "jsonl",
            role,
            content: `${before} ${key} ${after}`,
          }).text;
          // The distinctive tail of the secret must be gone wherever the projection kept prose.
          expect(text).not.toContain(key.slice(-16));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
