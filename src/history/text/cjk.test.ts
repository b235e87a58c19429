import { describe, expect, it } from "vitest";
import { cjkBigrams, runBigrams, separateCjkRuns } from "./cjk.js";

describe("CJK bigrams", () => {
  it("makes overlapping bigrams per run, a lone character as itself", () => {
    expect(runBigrams("认证方式")).toEqual(["认证", "证方", "方式"]);
    expect(runBigrams("库")).toEqual(["库"]);
    expect(cjkBigrams("用JWT认证方式, 库 and セッション")).toBe(
      "用 认证 证方 方式 库 セッ ッシ ショ ョン",
    );
    expect(cjkBigrams("no cjk")).toBe("");
  });

  it("keeps astral Han characters whole", () => {
    expect(runBigrams("𠀀𠀁")).toEqual(["𠀀𠀁"]);
  });

  it("spaces CJK runs away from Latin letters and digits", () => {
    expect(separateCjkRuns("用户auth和2FA。")).toBe("用户 auth 和 2FA。");
  });
});
