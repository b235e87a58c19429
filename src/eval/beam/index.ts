/** The BEAM benchmark adapter: a BEAM folder → the eval suite model (docs/EVAL.md § BEAM). */
export { flattenIds } from "./beam-schema.js";
export { BEAM_EPOCH_MS, type BeamSuite, beamToSuite } from "./beam-to-suite.js";
export { type BeamSelection, loadBeamFolder } from "./load-beam-folder.js";
