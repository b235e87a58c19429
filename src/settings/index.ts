/** Settings: the JSON file next to the store (entitlement, telemetry switch, per-tool consent). */
export { InvalidSettingError } from "./invalid-setting-error.js";
export { ProLockedOffError, ProRequiredError, proRequiredError } from "./pro-required-error.js";
export {
  getSetting,
  isMcpSamplingOn,
  isTelemetryOn,
  parseSettingKey,
  type SettingKey,
  type SettingValue,
  setSetting,
} from "./settings-keys.js";
export {
  SETTINGS_FILE_SUFFIX,
  settingsPathForStore,
  settingsStoreForStorePath,
} from "./settings-path.js";
export { allowToolWithConsent, CLEAR_EXCLUDE, TURN_PRO_ON } from "./settings-remedies.js";
export {
  ENTITLEMENT_VALUES,
  type Entitlement,
  SETTINGS_DEFAULTS,
  type Settings,
  settingsSchema,
  TELEMETRY_VALUES,
  type TelemetrySetting,
} from "./settings-schema.js";
export {
  createFileSettingsStore,
  createMemorySettingsStore,
  type SettingsStore,
} from "./settings-store.js";
export { InvalidStoredSettingError } from "./stored-setting-error.js";
