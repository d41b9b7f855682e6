/** The admin kit's server side in one import: see docs/decisions/007-admin-kit.md. */
export * from "./action.server";
export * from "./fields";
export * from "./list";
export * from "./load.server";
export * from "./ordered-list.server";
export * from "./records.server";
export * from "~/platform/forms/result";
