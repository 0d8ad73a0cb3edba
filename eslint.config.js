// ESLint's flat configuration: typescript-eslint's recommended rules for the TypeScript,
// eslint-plugin-svelte's for the components, and eslint-config-prettier last so no rule
// argues with prettier over layout (`npm run lint` runs both; `npm run format` writes prettier's).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import svelte from "eslint-plugin-svelte";
import prettier from "eslint-config-prettier";
import globals from "globals";

export default tseslint.config(
  {
    // Build output, generated code and the tools' own files, as in .prettierignore.
    ignores: [
      "**/dist/",
      "examples/build/",
      "test-results/",
      ".varbench-demo/",
      ".scratch/",
      "test/fixtures/",
      "engine/cct/kernel/*.generated.ts",
      // AssemblyScript (i32, @external, unchecked): compiled by asc, not TypeScript.
      "engine/cct/kernel/assembly/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs["flat/recommended"],
  {
    files: ["**/*.svelte", "**/*.svelte.ts"],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: [".svelte"] } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["renderer/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    rules: {
      // A leading underscore marks a name kept for its place (a parameter an interface passes, a
      // property left out of a rest), as TypeScript's noUnusedParameters already allows.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // House style: two steps of a one-line loop body joined by a comma
      // (`node.push(n), x.push(nx)`), and a ternary choosing between two calls. TypeScript
      // already refuses a comma whose left side has no effect (TS2695).
      "@typescript-eslint/no-unused-expressions": "off",
      // An error rethrown from a catch words the failure for people and carries the original's
      // message in its own; errors cross the worker and IPC boundaries as plain data (the API's
      // error shape), where a `cause` would not travel.
      "preserve-caught-error": "off",
      // Control characters are matched on purpose: by the code that escapes them from text shown
      // to people (engine/format/text.ts) and by the tests that check it did.
      "no-control-regex": "off",
      // Lists of messages (warnings, notes, field errors) are left unkeyed on purpose: nothing in
      // them holds state, and two equal messages would be a duplicate key, which Svelte 5 refuses
      // at run time. Lists of elements that hold state (inputs, options) are keyed.
      "svelte/require-each-key": "off",
      // It flags a Map built inside $derived, which is never changed after: each change of the
      // inputs builds a new one. No Map or Set is kept in $state, where changing it in place would go
      // unseen; were one needed, that is where SvelteMap belongs.
      "svelte/prefer-svelte-reactivity": "off",
    },
  },
  prettier,
  ...svelte.configs["flat/prettier"],
);
