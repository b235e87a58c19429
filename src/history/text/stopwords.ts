/**
 * The project's one stopword list: English function words, interrogatives and the verbs people
 * wrap a question in ("can you remind me what I said about…"). They carry no topic, so a query
 * built from them matches everything; the offline explorer and the eval's bare-bm25 floor drop
 * the same words. Lower-case, as `contentTerms` compares them before stemming.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are aren as at be because been before " +
    "being below between both but by can cannot could couldn did didn do does doesn doing don done " +
    "down during each either else ever every few for from further get gets getting got had hadn has " +
    "hasn have haven having he her here hers herself him himself his how i if in into is isn it its " +
    "itself just let lets me might more most much must my myself no nor not now of off on once only " +
    "or other others our ours ourselves out over own per same shall she should shouldn so some such " +
    "than that the their theirs them themselves then there these they this those through to too " +
    "under until up upon us very was wasn we were weren what whatever when whenever where which " +
    "while who whom whose why will with within without won would wouldn yes yet you your yours " +
    "yourself yourselves ll re ve d s t m " +
    // Question framing: asking about the history, not part of its topic.
    "tell told remind remember recall mention mentioned say said ask asked know think anything " +
    "something please earlier previously"
  ).split(" "),
);
