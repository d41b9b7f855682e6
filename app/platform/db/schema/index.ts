// One file per capability; everything is imported from `~/db/schema` as before.
// drizzle.config.ts reads this file, so a new schema file must be exported here.
export * from "./audit";
export * from "./auth";
export * from "./catalog";
export * from "./chat";
export * from "./commerce";
export * from "./contact";
export * from "./content";
export * from "./email";
export * from "./jobs";
export * from "./rate-limit";
export * from "./uploads";
export * from "./subscriptions";
export * from "./quotes";
