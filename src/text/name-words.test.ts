import { describe, expect, it } from "vitest";
import { nameSharingWords, nameWords } from "./name-words.js";

const READ_ARGUMENTS = ["chat_id", "around_message_id", "before", "after", "offset", "limit"];

describe("nameWords", () => {
  it("splits at separators and camel case, lower-cased, dropping empty parts", () => {
    expect(nameWords("around_message_id")).toEqual(["around", "message", "id"]);
    expect(nameWords("aroundMessageId")).toEqual(["around", "message", "id"]);
    expect(nameWords("--Chat-ID..x")).toEqual(["chat", "id", "x"]);
    expect(nameWords("_")).toEqual([]);
  });
});

describe("nameSharingWords", () => {
  it("finds the one name holding every word typed, or held in it", () => {
    expect(nameSharingWords("message_id", READ_ARGUMENTS)).toBe("around_message_id");
    expect(nameSharingWords("messageId", READ_ARGUMENTS)).toBe("around_message_id");
    expect(nameSharingWords("chat", READ_ARGUMENTS)).toBe("chat_id");
    expect(nameSharingWords("max_limit", READ_ARGUMENTS)).toBe("limit");
  });

  it("guesses nothing for unrelated names, names sharing only some words, or more than one match", () => {
    expect(nameSharingWords("foo", READ_ARGUMENTS)).toBeNull();
    expect(nameSharingWords("message_count", READ_ARGUMENTS)).toBeNull();
    expect(nameSharingWords("before_after", READ_ARGUMENTS)).toBeNull();
    expect(nameSharingWords("id", READ_ARGUMENTS)).toBeNull();
    expect(nameSharingWords("__", READ_ARGUMENTS)).toBeNull();
    expect(nameSharingWords("query", [])).toBeNull();
  });
});
