/** The part of wink-lemmatizer (MIT; WordNet's exception lists and rules) the policy uses. */
declare module "wink-lemmatizer" {
  const lemmatizer: {
    /** The base form of an English verb form ("rebuilt" → "rebuild"); the word itself if unknown. */
    verb(word: string): string;
  };
  export default lemmatizer;
}
