import { describe, expect, it } from "vitest";
import { createMemorySettingsStore } from "../../settings/index.js";
import {
  fixedEntitlement,
  isProEntitlement,
  PROFILE_ENTITLEMENT,
  settingsEntitlement,
} from "./entitlement-provider.js";
import { requirePro } from "./require-pro.js";

describe("entitlement provider", () => {
  it("reads the settings store on every call; absent means free", () => {
    const settings = createMemorySettingsStore();
    const provider = settingsEntitlement(settings);
    expect(provider.entitlement()).toBe("free");
    settings.update((current) => ({ ...current, entitlement: "pro" }));
    expect(isProEntitlement(provider)).toBe(true);
  });

  it("the demo/eval profile is Pro; fixed providers answer what they were given", () => {
    expect(PROFILE_ENTITLEMENT.entitlement()).toBe("pro");
    expect(fixedEntitlement("free").entitlement()).toBe("free");
  });

  it("requirePro throws a classified precondition naming pro", () => {
    expect(() => requirePro({ isPro: false }, "read_chat")).toThrow(
      expect.objectContaining({ kind: "precondition", missing: "pro" }),
    );
    expect(() => requirePro({ isPro: true }, "read_chat")).not.toThrow();
  });
});
