/**
 * Credential redaction (issue #2 item 3; DESIGN.md § Lessons: pasted secrets are common in real
 * exports). Applied to every projection and to everything `readChat()` returns, so a secret never
 * reaches a model or the index.
 */

/** What replaces a secret. Chosen so that running the redaction again changes nothing. */
export const REDACTED = "[REDACTED]";

/**
 * Token-shaped secrets, each anchored on a vendor prefix so ordinary prose is left alone. Every
 * body is a bounded-free character class with no nested quantifier, so matching is linear.
 */
const TOKEN_PATTERNS: readonly RegExp[] = [
  // OpenAI (`sk-`, `sk-proj-`), Anthropic (`sk-ant-`), OpenRouter (`sk-or-v1-`).
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  // Stripe secret / publishable / restricted keys, and Stripe webhook secrets.
  /\b(?:sk|pk|rk)_(?:test|live)_[A-Za-z0-9]{8,}/g,
  /\bwhsec_[A-Za-z0-9+/=_-]{8,}/g,
  // AWS access key ids (long-lived and temporary).
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  // GitHub personal, OAuth, user-to-server, server-to-server and refresh tokens; fine-grained PATs.
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  // Google API keys.
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  // Slack tokens.
  /\bxox[abposre]-[A-Za-z0-9-]{8,}/g,
  // Hugging Face tokens.
  /\bhf_[A-Za-z0-9]{20,}/g,
  // JWT-shaped: three base64url segments, the first two JSON objects (`eyJ` = `{"`).
  /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g,
];

/** Any vendor prefix of {@link TOKEN_PATTERNS}; false means none of them can match. */
const TOKEN_HINT = /sk-|[spr]k_|whsec_|AKIA|ASIA|gh[pousr]_|github_pat_|AIza|xox|hf_|eyJ/;

/** A name {@link NAMED_SECRET} needs; false means it cannot match. */
const NAMED_HINT = /key|secret|token|passw/i;

/** PEM private key blocks; an unterminated block is redacted to the end (fail closed). */
const PEM_PRIVATE_KEY =
  /-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40} PRIVATE KEY-----|$)/g;

/** `scheme://user:password@host`: only the password is replaced. */
const URL_PASSWORD = /\b([a-zA-Z][a-zA-Z0-9+.-]{1,30}:\/\/[^\s:/@]{0,200}:)([^\s@/]{1,200})@/g;

/**
 * `API_KEY=value`, `DB_PASSWORD: value`, `"client_secret": "value"`: a name containing key,
 * secret, token or password (any case), a `=` or `:`, then the value (optionally quoted).
 */
const NAMED_SECRET =
  /\b([A-Za-z0-9_.-]*(?:KEY|SECRET|TOKEN|PASSWORD|PASSWD|key|secret|token|password|passwd|Key|Secret|Token|Password)["']?[ \t]{0,4}[=:][ \t]{0,4}["']?)([^\s"'`[\]{},;]{4,})/g;

/**
 * Returns `text` with credential-shaped strings replaced by `[REDACTED]` (or
 * `[REDACTED PRIVATE KEY]` for PEM blocks): vendor API keys (`sk-…`, `sk-ant-…`, `sk-or-v1-…`,
 * `sk_test_/sk_live_/pk_/rk_`, `whsec_`, `AKIA…`, `ghp_`/`github_pat_`, `AIza…`, `xox?-`, `hf_…`),
 * JWT-shaped tokens, PEM private keys, passwords inside connection URLs and `*_KEY/SECRET/TOKEN/
 * PASSWORD=value` assignments. Pure and idempotent; linear in the input length.
 */
export function redactCredentials(text: string): string {
  // Cheap pre-checks skip whole pattern families on ordinary prose (most messages): the indexer
  // runs this on every message.
  let out = text.includes("PRIVATE KEY-----")
    ? text.replace(PEM_PRIVATE_KEY, "[REDACTED PRIVATE KEY]")
    : text;
  if (TOKEN_HINT.test(out)) {
    for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
  }
  if (out.includes("://")) {
    out = out.replace(URL_PASSWORD, (_match, prefix: string) => `${prefix}${REDACTED}@`);
  }
  if (NAMED_HINT.test(out)) {
    out = out.replace(NAMED_SECRET, (match, prefix: string, value: string) =>
      value === "REDACTED" || value.startsWith(REDACTED) ? match : `${prefix}${REDACTED}`,
    );
  }
  return out;
}
