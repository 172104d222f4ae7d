import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: {
        // The server bundle is our Hono process (server/main.ts), which imports the React Router
        // build; the CLI (admin, backup, reconcile) is bundled beside it so it shares the same code.
        rolldownOptions: {
          input: { index: "server/main.ts", cli: "server/cli.ts" },
        },
      },
    },
  },
  build: { sourcemap: Boolean(isSsrBuild) },
}));
