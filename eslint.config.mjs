// `npm run lint`: Next.js's rules (React, react-hooks, jsx-a11y, import, @next/next with the Core Web
// Vitals set) and typescript-eslint's recommended set over the whole tree, with no warning let
// through; then Prettier's check (the formatting is Prettier's alone, `npm run format`).
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".data/**",
    ".data-*/**",
    "lib/generated/**",
    "test-results/**",
    "playwright-report/**",
    "coverage/**",
    ".ci/**",
    "next-env.d.ts",
    "tests/fixtures/build-scan/**",
  ]),
  {
    rules: {
      // A hook's dependencies are part of its correctness: a missing one is an error, and each
      // deliberate exception says why on its line.
      "react-hooks/exhaustive-deps": "error",
      // These four model React Compiler's assumptions, and Limber is not compiled by it: they read a
      // react-hook-form `field` as a ref, a callback as render code, and flag the hydration-safe
      // "read the browser after mount" effects (localStorage, the clock, the install prompt).
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/purity": "off",
      "react-hooks/refs": "off",
      "react-hooks/immutability": "off",
      // `_name` marks a value left out on purpose (a destructured field, a parameter the signature needs).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          caughtErrors: "none",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Playwright's fixtures call their callback `use`: not React's hook.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
]);
