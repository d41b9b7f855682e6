import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ROUTE_RULE =
  "Route modules import no database or vendor SDK: call a capability in app/capabilities/<name>/.";

// The two layers (docs/decisions/017-two-layers.md): capabilities stand on the platform, never the
// reverse, and reach each other only through a capability's public module.
const CAPABILITIES = readdirSync("app/capabilities", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const PLATFORM_RULE =
  "app/platform is what capabilities stand on: it imports no capability (move the shared piece into the platform, or pass it in from the wiring in server/).";
const noCapabilities = {
  group: ["~/capabilities", "~/capabilities/**", "**/capabilities/**", "~/routes/**", "**/server/*"],
  message: PLATFORM_RULE,
};
const capabilityRule = (name) => ({
  files: [`app/capabilities/${name}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: [
              "~/capabilities/*/**",
              "!~/capabilities/*/public",
              "!~/capabilities/*/public.server",
              `!~/capabilities/${name}/**`,
            ],
            message:
              "Another capability is reached only through its public.ts or public.server.ts (docs/decisions/017-two-layers.md).",
          },
          {
            group: ["../**", "~/routes/**"],
            message:
              "A capability imports its own files relatively and everything else through ~/platform or another capability's public module.",
          },
        ],
      },
    ],
  },
});
const VENDOR_SDKS = [
  "stripe",
  "nodemailer",
  "better-auth",
  "soap",
  "ssh2",
  "ssh2-sftp-client",
  "sharp",
];

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Routes parse input and call a feature: data access and vendors stay in app/features.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "drizzle-orm", message: ROUTE_RULE },
            { name: "~/db/schema", message: ROUTE_RULE },
            ...VENDOR_SDKS.map((name) => ({ name, message: ROUTE_RULE })),
          ],
          patterns: [
            {
              group: ["drizzle-orm/*", "~/db/schema/*", "**/db/schema", "**/db/schema/*"],
              message: ROUTE_RULE,
            },
            { group: ["@aws-sdk/*", "ssh2*", "better-auth/*", "stripe/*"], message: ROUTE_RULE },
          ],
        },
      ],
    },
  },
  {
    files: ["app/platform/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [noCapabilities] }] },
  },
  {
    // The visual system: pure primitives that anything may use, and that use nothing but each other.
    files: ["app/platform/ui/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noCapabilities,
            {
              group: ["~/platform/*/**", "!~/platform/ui/**"],
              message: "app/platform/ui imports nothing but itself.",
            },
          ],
        },
      ],
    },
  },
  ...CAPABILITIES.map(capabilityRule),
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
);
