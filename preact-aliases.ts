import { fileURLToPath } from "node:url";

/**
 * Preact in React's place, on the client and on the server alike (decision 063): the app and its
 * libraries (React Router, Radix, sonner) import `react` and `react-dom`, and get Preact's
 * compatibility layer. The app's build (vite.config.ts) and its tests (vitest.config.ts) share them,
 * so the tests render what the site renders.
 */
export const preactAliases = [
  { find: /^react$/, replacement: fileURLToPath(new URL("app/lib/preact/react.ts", import.meta.url)) },
  { find: /^react-dom$/, replacement: fileURLToPath(new URL("app/lib/preact/react-dom.ts", import.meta.url)) },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
];

/**
 * The libraries that import `react` (those whose package asks for it: `react-router`, Radix and the
 * small packages its dialogs use, sonner): the server must take them through Vite (bundled, or run by
 * Vite's module runner in development and in the tests), or Node would load React itself for them.
 */
const REACT_USERS =
  "react-router|@react-router|radix-ui|@radix-ui|@floating-ui/react-dom|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|sonner";
export const usesReact = [new RegExp(`^(${REACT_USERS})(/|$)`)];
/** The same, by the path of a file inside them (Vitest's `server.deps.inline` matches files). */
export const usesReactFiles = new RegExp(`[\\\\/]node_modules[\\\\/](${REACT_USERS})[\\\\/]`);
