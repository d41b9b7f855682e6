import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ROUTE_RULE =
  "Route modules import no database or vendor SDK: call a feature in app/features/<capability>/.";
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
    // app/ui is the visual system: pure primitives that any feature may use, and none it uses.
    files: ["app/ui/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/features", "~/features/*", "**/features", "**/features/*"],
              message: "app/ui imports nothing from app/features.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
);
