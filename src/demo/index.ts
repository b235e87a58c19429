/** The built-in demo: a fictional app's chat history and the seeding that stores it. */
export { DEMO_APP_NAME, DEMO_CHATS, type DemoChat } from "./demo-chats.js";
export { DEMO_QUESTION, type DemoRunOptions, type DemoRunResult, runDemo } from "./run-demo.js";
export { type DemoSeedResult, demoImportedChats, seedDemoHistory } from "./seed-demo.js";
