import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { preactAliases, usesReact } from "./preact-aliases.ts";

export default defineConfig(({ isSsrBuild, command }) => ({
  // A build says only what went wrong (warnings and errors), not a line per file it wrote: `npm start`
  // then ends with the server's own start-up message rather than 150 lines of sizes (issue 23).
  logLevel: command === "build" ? "warn" : "info",
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    tsconfigPaths: true,
    alias: preactAliases,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The framework every page loads as one file rather than five: fewer requests, less
            // header overhead, better compression.
            codeSplitting: {
              groups: [
                {
                  // What the root layout loads on every page, the root route itself included (its
                  // own file is then a short re-export), and the marketing pages' section; lazy parts
                  // (cart drawer, purchase dialog, toasts' library) stay out, so they still load only
                  // when used (decision 039).
                  name: "layout",
                  priority: 1,
                  test: /app[\\/](content[\\/](site|navigation)\.|features[\\/]consent[\\/]|features[\\/]shop[\\/](ui[\\/])?cart-(provider|store|button)\.|components[\\/](marketing[\\/](section|icons|links)\.|nonce\.|json-ld\.|layout[\\/](?!load-failure)|ui[\\/](toast|cart-icon)\.)|routes[\\/](not-found|pages)\.|root\.tsx|lib[\\/](seo|hydrate-after-paint|format-price)\.)/,
                },
                {
                  // Chosen before the layout's group: each group also takes in what its modules
                  // import, and the layout's would otherwise take React itself.
                  name: "framework",
                  priority: 2,
                  test: /node_modules[\\/](react|react-dom|react-router|@react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                },
                {
                  // What the catalogue pages share (the shop's model, the buy button's parts, paging,
                  // the load-failure message): one request instead of six small ones.
                  name: "shop",
                  test: /app[\\/](features[\\/]shop[\\/](model|ui[\\/](use-purchase|cover-image|product-badges|start-download))\.|components[\\/](ui[\\/]pagination|layout[\\/]load-failure)\.|lib[\\/]pagination\.)/,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        // The server bundle is our Hono process (server/main.ts), which imports the React Router
        // build; the CLI (admin, backup, reconcile) is bundled beside it so it shares the same code.
        rolldownOptions: {
          input: { index: "server/main.ts", cli: "server/cli.ts" },
          // V8 keeps a module's source text in memory, one byte per character when it is all Latin-1 and
          // two bytes otherwise: non-ASCII characters escaped, and JSDoc comments (ours have arrows and
          // quotes) left out, halve the 9 MB the two large chunks took (decision 037).
          output: { charset: "ascii", comments: { legal: true, annotation: true, jsdoc: false } },
        },
      },
    },
  },
  ssr: {
    // Dependencies are bundled into the server build rather than imported from node_modules at start:
    // Node 24's ES module loader took 15 times the memory for drizzle-orm's 300 small files (237 MB of
    // RSS against 15 MB for the same code as one file, measured; decision 027). Left out: PGlite and
    // sharp (they load WebAssembly and native files beside their own code), and the packages that are
    // loaded lazily, only when configured (the S3 SDK, Stripe).
    // In development the dependencies load from node_modules as they are (some are CommonJS), but
    // those that import `react` (decision 063).
    noExternal: command === "build" ? true : usesReact,
    external: [
      "@electric-sql/pglite",
      "sharp",
      "pg",
      "@aws-sdk/client-s3",
      "@aws-sdk/lib-storage",
      "@aws-sdk/s3-request-presigner",
      "stripe",
    ],
  },
  build: { sourcemap: Boolean(isSsrBuild), reportCompressedSize: false, minify: !process.env.NO_MINIFY },
}));
