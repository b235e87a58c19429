/** The eval suite format: schema, loading, and the content-word check for vague questions. */
export { contentWords, crudeStem, sharedContentWords } from "./content-words.js";
export { loadSuite, parseSuite } from "./load-suite.js";
export { loadSuiteWithQuestions } from "./question-set.js";
export * from "./suite-schema.js";
