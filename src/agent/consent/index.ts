/** Consent: resolution, the injected prompter, disclosure copy and the permissions page rows. */
export { type ConsentCopy, consentCopy, consentDisclosure } from "./consent-copy.js";
export {
  type ConsentDecision,
  type ConsentPrompter,
  type ConsentRequest,
  scriptedConsentPrompter,
} from "./consent-prompter.js";
export {
  type PermissionRow,
  permissionToolNames,
  visiblePermissionRows,
} from "./permission-rows.js";
export {
  type AskQuestion,
  consentQuestionText,
  createQuestionConsentPrompter,
  createReadlineConsentPrompter,
  isYes,
} from "./readline-consent-prompter.js";
export { resolveConsent, type StoredConsents } from "./resolve-consent.js";
