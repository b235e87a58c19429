/**
 * TrailMix: a hiking planner whose newest chats are still in the dirty queue (`pending`), so every
 * question here runs against a partially built index.
 */
import type { ChatSpec, QuestionSpec } from "./spec.js";

/** This app's names that the seeded noise templates fill in (`NoiseVocabulary`: ≥ 2 entries a list). */
export const TRAILMIX_VOCABULARY = {
  screens: ["Trail Map", "Trip Planner", "Packing List", "Trail Detail", "Profile"],
  entities: ["trail", "trip", "waypoint", "packing item"],
  modules: ["map-view", "trip-sync", "gear", "offline-cache"],
  components: ["TrailCard", "ElevationProfile", "WaypointPin", "GearRow"],
  libraries: ["react-native-maps", "zustand", "date-fns", "turf"],
} as const;

/** The authored chats; questions cite their labelled turns as `chat-key#label`. */
export const TRAILMIX_CHATS: readonly ChatSpec[] = [
  {
    key: "tm-maps-1",
    title: "Map provider",
    start: "2026-01-20T07:30:00Z",
    turns: [
      ["user", "Which map SDK for the trail map?"],
      [
        "assistant",
        "We'll use Mapbox GL with the Mapbox Outdoors style for the trail map; it has contour lines out of the box.",
        "decision",
      ],
      ["user", "Go."],
    ],
  },
  {
    key: "tm-maps-2",
    title: "Map costs",
    start: "2026-06-10T08:00:00Z",
    pending: true,
    turns: [
      ["user", "Mapbox pricing is brutal at our monthly active users."],
      [
        "assistant",
        "Switching the map provider from Mapbox to MapLibre GL with self-hosted Protomaps tiles; same outdoors look, no per-load fees.",
        "decision",
      ],
      ["user", "Do it."],
    ],
  },
  {
    key: "tm-gpx",
    title: "GPX export",
    start: "2026-06-12T09:00:00Z",
    pending: true,
    turns: [
      ["user", "What goes into the GPX export?"],
      [
        "assistant",
        "GPX export writes tracks and waypoints as GPX 1.1; routes are left out.",
        "decision",
      ],
      ["user", "Fine."],
    ],
  },
  {
    key: "tm-weather",
    title: "Weather forecasts",
    start: "2026-02-11T06:45:00Z",
    turns: [
      ["user", "Where do we get weather for trailheads?"],
      [
        "assistant",
        "Weather comes from Open-Meteo: no API key needed, cached for one hour per trailhead.",
        "decision",
      ],
      ["user", "Great."],
    ],
  },
];

/** The authored questions over these chats; evidence is `chat-key#label`. */
export const TRAILMIX_QUESTIONS: readonly QuestionSpec[] = [
  {
    id: "tm-partial-maps",
    app: "trailmix",
    category: "partial_index",
    question: "Which map provider are we using?",
    expected: "found",
    expect_index_status: "indexing",
    gold: ["tm-maps-1#decision"],
    note: "the newer MapLibre decision is still in the dirty queue",
  },
  {
    id: "tm-partial-gpx",
    app: "trailmix",
    category: "partial_index",
    question: "What did we decide about GPX export?",
    expected: "absent",
    expect_index_status: "indexing",
    gold: [],
    note: "the only answer is still in the dirty queue: the report must say indexing, not absence",
  },
  {
    id: "tm-partial-weather",
    app: "trailmix",
    category: "partial_index",
    question: "Where does the trail weather forecast come from?",
    expected: "found",
    expect_index_status: "indexing",
    gold: ["tm-weather#decision"],
  },
  {
    id: "tm-crossapp-charts",
    app: "trailmix",
    category: "cross_app",
    question: "Which charting library do the dashboards use?",
    expected: "absent",
    expect_index_status: "indexing",
    gold: [],
    note: "answer lives only in LedgerLens",
  },
];
