import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier";

const config = [
  ...nextVitals,
  ...nextTs,
  // Layout is Prettier's (npm run format); ESLint keeps to what code means.
  prettier,
  {
    rules: {
      // What a file takes from a module, and passes on of it, reads in one place: one import per module, types as
      // inline `type` specifiers, and a re-export of something also imported is `export { x }` of the import.
      "no-duplicate-imports": ["error", { includeExports: true }],
    },
  },
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".data/**",
      "lib/platform/db/generated/**",
      "next-env.d.ts",
      "screenshots/**",
      "test-results/**",
    ],
  },
];

export default config;
