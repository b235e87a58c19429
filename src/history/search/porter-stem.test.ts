import { describe, expect, it } from "vitest";
import { createHistoryFixture } from "../testing/history-fixture.js";
import { porterStem } from "./porter-stem.js";

const WORDS =
  "authenticate authentication authorization database databases deploy deployment deploying caresses ponies ties caress cats feed agreed plastered motoring sing conflated troubled sized hopping tanned falling hissing fizzed failing filing happy sky relational conditional rational valenci hesitanci digitizer conformabli radicalli differentli vileli analogousli vietnamization predication operator feudalism decisiveness hopefulness callousness formaliti sensitiviti sensibiliti triplicate formative formalize electriciti electrical hopeful goodness revival allowance inference airliner gyroscopic adjustable defensible irritant replacement adjustment dependent adoption homologou communism activate angulariti homologous effective bowdlerize probate rate cease controll roll generalization oscillators using users update component components configuration migrations testing tests query queries optimize logging apologies archaeology";

describe("porterStem", () => {
  it("matches FTS5's porter tokenizer on a sample of English and software words", () => {
    using fixture = createHistoryFixture();
    const { db } = fixture.store;
    db.exec("CREATE VIRTUAL TABLE probe USING fts5(t, tokenize = 'porter ascii')");
    db.exec("CREATE VIRTUAL TABLE probe_vocab USING fts5vocab(probe, 'instance')");
    const words = WORDS.split(" ");
    db.prepare("INSERT INTO probe (t) VALUES (?)").run(words.join(" "));
    const stems = db.prepare("SELECT term FROM probe_vocab ORDER BY offset").pluck().all();
    expect(words.map(porterStem)).toEqual(stems);
  });

  it("passes short, long and non-ASCII words through", () => {
    expect(["go", "café", "x".repeat(65), "app17"].map(porterStem)).toEqual([
      "go",
      "café",
      "x".repeat(65),
      "app17",
    ]);
  });
});
