import { describe, expect, it } from "vitest";
import type { CanaryApp } from "./canary-store.js";
import { createLeakScanner, textOf } from "./leak-scan.js";

const own: CanaryApp = {
  appId: 9100011,
  name: "Vaultmoth",
  canary: "quokkaazeta",
  chatIds: [10001000],
  messageIds: [[15000000, 15000001]],
};
const other: CanaryApp = {
  appId: 9100022,
  name: "Gridfinch",
  canary: "quokkabzeta",
  chatIds: [20001000],
  messageIds: [[25000000]],
};
const scanner = createLeakScanner([own, other], own.appId);

describe("createLeakScanner", () => {
  it("finds another app's canary (any case), name and ids as whole digit runs", () => {
    expect(scanner.scan('{"excerpt":"deploy QuokkaBZeta","chat_id":20001000}')).toEqual([
      { ownerAppId: 9100022, what: "canary", match: "quokkabzeta" },
      { ownerAppId: 9100022, what: "id", match: "20001000" },
    ]);
    expect(scanner.scan("Gridfinch; message 25000000; app 9100022")).toHaveLength(3);
  });

  it("ignores the caller's own data, longer digit runs and what the caller sent", () => {
    expect(scanner.scan("quokkaazeta 10001000 15000001 Vaultmoth 200010001")).toEqual([]);
    expect(
      scanner.scan("Chat 20001000 was not found; no match for quokkabzeta", {
        echoes: ["quokkabzeta"],
        echoedIds: new Set([20001000]),
      }),
    ).toEqual([]);
  });

  it("textOf reads an error's message, fields and cause chain", () => {
    const error = new Error("outer", { cause: new Error("inner quokkabzeta") });
    Object.assign(error, { chatId: 20001000 });
    expect(scanner.scan(textOf(error)).map((leak) => leak.what)).toEqual(["canary", "id"]);
  });
});
