import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Two server entries (server/main.ts and server/cli.ts, see vite.config.ts) keep their own names.
  serverBuildFile: "[name].js",
} satisfies Config;
