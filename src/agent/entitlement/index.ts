/** Entitlement: one provider interface, and the execution-time Pro check. */
export {
  type EntitlementProvider,
  fixedEntitlement,
  isProEntitlement,
  PROFILE_ENTITLEMENT,
  settingsEntitlement,
} from "./entitlement-provider.js";
export { requirePro } from "./require-pro.js";
