import { describe, expect, test } from "vitest";
import { observation } from "./offline-test-fixtures.js";
import { evidenceForMissingParts } from "./part-evidence.js";
import { buildTopicProfile } from "./topic-profile.js";

describe("evidenceForMissingParts", () => {
  const profile = buildTopicProfile("what is our plan for the quokka, the numbat and the wombat?");
  const quokka = observation("c1", "We decided the quokka gets a new pen.");
  const numbat = observation("c2", "Numbat feeding stays at dawn.");
  const numbatToo = observation("c3", "More numbat notes.");
  const wombatTitle = observation("c4", "Burrow depth is 2 m.", { chatTitle: "Wombat burrows" });

  test("each part nothing cited mentions gets its best relevant message; text before title", () => {
    const ranked = [wombatTitle, numbatToo, numbat, quokka];
    expect(
      evidenceForMissingParts(profile, ranked, [quokka]).map((item) => item.candidateId),
    ).toEqual(["c3", "c4"]);
  });
  test("nothing when every part is cited, or for a single-part question", () => {
    expect(evidenceForMissingParts(profile, [numbat], [quokka, numbat, wombatTitle])).toEqual([]);
    const single = buildTopicProfile("what about the quokka?");
    expect(evidenceForMissingParts(single, [quokka], [])).toEqual([]);
  });
});
