import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets a second build (a parallel test run, say) leave the served one alone.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Two server entries (server/main.ts and server/cli.ts, see vite.config.ts) keep their own names.
  serverBuildFile: "[name].js",
} satisfies Config;
