/**
 * The history both backends of the contract suite hold (issue 32): two apps of a local store, one
 * chat of them in CJK, one with a `<private>` span, indexed locally. Each backend test pushes or
 * opens exactly this store.
 */
import { createIndexer } from "../../history/index.js";
import {
  createHistoryFixture,
  type HistoryFixture,
} from "../../history/testing/history-fixture.js";

/** A word only the private span holds: it must be found nowhere, on either backend. */
export const PRIVATE_WORD = "zanzibarcredential";

/**
 * A message longer than a bounded read shows (2,400 chars, `MAX_READ_MESSAGE_CHARS`), whose last
 * sentence only a whole read (`--whole`) reaches.
 */
export const RUNBOOK = `${"Step: restore the snapshot, then check the row counts. ".repeat(50)}Finally the workers restart.`;

/** The local ids of the seeded history. */
export interface ContractIds {
  readonly shop: number;
  readonly other: number;
  readonly auth: number;
  readonly payments: number;
  readonly cjk: number;
  readonly secret: number;
  readonly otherChat: number;
}

/** Seeds the contract history and indexes it. */
export function contractHistory(): { fixture: HistoryFixture; ids: ContractIds } {
  const fixture = createHistoryFixture();
  const shop = fixture.app("Shop");
  const other = fixture.app("Other");
  const auth = fixture.chat(shop, "Login design", Date.UTC(2026, 0, 5));
  fixture.message(
    auth,
    "user",
    "We decided to use passkeys for authentication instead of passwords.",
    {
      createdAt: Date.UTC(2026, 0, 5, 10),
    },
  );
  fixture.message(
    auth,
    "assistant",
    "Agreed: passkeys first, with email magic links as the fallback.",
    {
      createdAt: Date.UTC(2026, 0, 5, 10, 1),
    },
  );
  fixture.message(auth, "user", "The session lifetime stays at thirty days for every device.", {
    createdAt: Date.UTC(2026, 0, 5, 10, 2),
  });
  const payments = fixture.chat(shop, "Payments", Date.UTC(2026, 1, 2));
  fixture.message(payments, "user", "Stripe is our payment provider; invoices go out monthly.", {
    createdAt: Date.UTC(2026, 1, 2, 9),
  });
  fixture.message(
    payments,
    "assistant",
    "Noted that refunds over 500 euros need a second approval, not passkeys.",
    {
      createdAt: Date.UTC(2026, 1, 2, 9, 1),
    },
  );
  const cjk = fixture.chat(shop, "认证方案", Date.UTC(2026, 2, 1));
  fixture.message(cjk, "user", "我们决定使用通行密钥作为认证方式，不再使用密码。", {
    createdAt: Date.UTC(2026, 2, 1, 8),
  });
  const secret = fixture.chat(shop, "Staging", Date.UTC(2026, 2, 3));
  fixture.message(
    secret,
    "user",
    `The staging database is reset nightly <private>password ${PRIVATE_WORD} for staging</private> by cron.`,
    { createdAt: Date.UTC(2026, 2, 3, 8) },
  );
  fixture.message(secret, "assistant", RUNBOOK, { createdAt: Date.UTC(2026, 2, 3, 8, 1) });
  const otherChat = fixture.chat(other, "Elsewhere", Date.UTC(2026, 0, 9));
  fixture.message(otherChat, "user", "Passkeys were rejected for this other product entirely.", {
    createdAt: Date.UTC(2026, 0, 9, 8),
  });
  const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
  while (indexer.drainOnce() > 0) {}
  return { fixture, ids: { shop, other, auth, payments, cjk, secret, otherChat } };
}
