/**
 * The layer map of docs/ARCHITECTURE.md, enforced by dependency-cruiser in `npm run lint`.
 * Dependencies point down only: a module may import its own folder and the rows below its own,
 * never a row above, nor a neighbour in its own row (each surface stands alone). Type-only imports
 * count (`tsPreCompilationDeps`): a type is a dependency on the layer that defines it.
 *
 * Tests and test support (`*.test.ts[x]`, `testing/` folders, `src/test/`) may import anything;
 * production code may import none of them.
 *
 * Keep LAYERS in step with the map in docs/ARCHITECTURE.md (`layer-map.test.ts` runs this
 * checker on a temporary tree with one upward import and expects it to fail).
 */

/** Rows of the map, top to bottom. Each member: [name, path pattern relative to the repo root]. */
const LAYERS = [
  [["cli", "^src/cli/"]],
  [
    ["server", "^src/server/"],
    ["web", "^src/web/"],
    ["mcp", "^src/mcp/"],
  ],
  [
    ["eval", "^src/eval/"],
    ["demo", "^src/demo/"],
  ],
  [["agent", "^src/agent/(?!tools/|subagent/|context\\.ts$|entitlement/)"]],
  [["agent-tools", "^src/agent/tools/"]],
  [["agent-subagent", "^src/agent/subagent/"]],
  [["agent-context", "^src/agent/(?:context\\.ts$|entitlement/)"]],
  [["engine", "^src/engine/"]],
  [["team", "^src/team/"]],
  [["history", "^src/history/"]],
  [["sync", "^src/sync/"]],
  [["importers", "^src/importers/"]],
  [
    ["settings", "^src/settings/"],
    ["telemetry", "^src/telemetry/"],
  ],
  [["store", "^src/store/"]],
  [["contracts", "^src/contracts/"]],
  [["card", "^src/card/"]],
  [
    ["text", "^src/text/"],
    ["errors", "^src/errors/"],
  ],
];

/** Tests and test support: exempt from the map, and never imported by production code. */
const TEST_SUPPORT = "(?:\\.test\\.tsx?$|/testing/|^src/test/)";

const any = (paths) => `(?:${paths.join("|")})`;

const layerRules = LAYERS.flatMap((row, index) => {
  const above = LAYERS.slice(0, index).flat();
  return row.flatMap(([name, path]) => {
    const peers = row.filter(([other]) => other !== name);
    const rules = [];
    if (above.length > 0) {
      rules.push({
        name: `${name}-imports-upward`,
        comment: `${name} sits below ${above.map(([n]) => n).join(", ")} in docs/ARCHITECTURE.md`,
        severity: "error",
        from: { path, pathNot: TEST_SUPPORT },
        to: { path: any(above.map(([, p]) => p)) },
      });
    }
    if (peers.length > 0) {
      rules.push({
        name: `${name}-imports-a-neighbour`,
        comment: `${name} and ${peers.map(([n]) => n).join(", ")} share a row: neither imports the other`,
        severity: "error",
        from: { path, pathNot: TEST_SUPPORT },
        // The browser and the server share exactly one thing: the wire types in server/shared/.
        to: {
          path: any(peers.map(([, p]) => p)),
          ...(name === "web" ? { pathNot: "^src/server/shared/" } : {}),
        },
      });
    }
    return rules;
  });
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "web-reaches-past-the-wire",
      comment:
        "web/ runs in the browser: it imports web/, card/, contracts/, errors/, text/ and the wire types in server/shared/ only",
      severity: "error",
      from: { path: "^src/web/", pathNot: TEST_SUPPORT },
      to: { path: "^src/", pathNot: "^src/(?:web|card|contracts|errors|text|server/shared)/" },
    },
    {
      name: "wire-types-reach-the-server",
      comment:
        "server/shared/ is bundled into the browser: it imports card/, contracts/, errors/, text/ only",
      severity: "error",
      from: { path: "^src/server/shared/", pathNot: TEST_SUPPORT },
      to: { path: "^src/", pathNot: "^src/(?:server/shared|card|contracts|errors|text)/" },
    },
    {
      name: "card-is-a-leaf",
      comment: "card/ is the history card as a value: it imports nothing of ours",
      severity: "error",
      from: { path: "^src/card/", pathNot: TEST_SUPPORT },
      to: { path: "^src/", pathNot: "^src/card/" },
    },
    {
      name: "test-support-in-production",
      comment: "production code never imports tests or test support",
      severity: "error",
      from: { path: "^src/", pathNot: TEST_SUPPORT },
      to: { path: TEST_SUPPORT },
    },
    {
      name: "not-to-unresolvable",
      comment: "an import that resolves to nothing would hide a dependency from the map",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
