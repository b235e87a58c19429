import { describe, expect, it } from "vitest";
import { namedTechnologyPhrases } from "./technology-phrases.js";

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

describe("namedTechnologyPhrases", () => {
  it("finds the multiword technology names a question says word for word, longest only", () => {
    expect(
      namedTechnologyPhrases(words("Did we set up a GitHub Actions workflow on each push?")),
    ).toEqual(["github actions"]);
    expect(namedTechnologyPhrases(words("Do we use Supabase Auth or Clerk?"))).toEqual([
      "supabase auth",
    ]);
    expect(
      namedTechnologyPhrases(words("Did we add Vercel Analytics and Google Cloud Functions?")),
    ).toEqual(["vercel analytics", "cloud functions"]);
  });

  it("finds none in a question naming one-word technologies or none at all", () => {
    expect(namedTechnologyPhrases(words("Did we set up Stripe billing?"))).toEqual([]);
    expect(namedTechnologyPhrases(words("What do we use for email?"))).toEqual([]);
    expect(namedTechnologyPhrases(words("Actions GitHub"))).toEqual([]);
  });
});
