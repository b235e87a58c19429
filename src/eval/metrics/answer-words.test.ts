import { describe, expect, it } from "vitest";
import { annotatedAnswer, countAnswerWords } from "./answer-words.js";

describe("annotatedAnswer", () => {
  it("reads the answer a note annotates and nothing else", () => {
    expect(annotatedAnswer("answer: vite server.port 3600")).toBe("vite server.port 3600");
    expect(annotatedAnswer("  Answer :  Supabase\n(Postgres)")).toBe("Supabase\n(Postgres)");
    expect(annotatedAnswer("answer lives only in Starforge")).toBeNull();
    expect(annotatedAnswer("answer:   ")).toBeNull();
    expect(annotatedAnswer(undefined)).toBeNull();
  });
});

describe("countAnswerWords", () => {
  const question = "Why did we move the dev server to a different port?";
  const answer =
    "parallel development on another project caused address-in-use conflicts when launching sessions";

  it("counts the answer's words the question lacks, in the claim and in the opening", () => {
    // Stems the question lacks: parallel, development, anoth, project, caus, addres, conflict,
    // launch, session ("on", "in", "when" are stopwords). The claim holds three, the opening one.
    const claim =
      'user on 2025-06-28: "I\'m doing parallel development and the address was in use"';
    const opening =
      "Let's set vite to run on a different starting port in this project. I'm doing some parallel development";
    expect(countAnswerWords(answer, question, claim, opening)).toEqual({
      words: 9,
      inClaim: 3,
      inOpening: 1,
    });
  });

  it("cuts the opening to the claim's length, so both quotes are the same size", () => {
    const claim = "x".repeat(20);
    const opening = `${"filler ".repeat(3)}parallel development`;
    expect(countAnswerWords(answer, question, claim, opening)?.inOpening).toBe(0);
    expect(countAnswerWords(answer, question, "y".repeat(60), opening)?.inOpening).toBe(2);
  });

  it("measures nothing when the answer only repeats the question", () => {
    expect(countAnswerWords("the dev server port", question, "claim", "opening")).toBeNull();
  });
});
