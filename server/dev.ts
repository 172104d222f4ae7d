/**
 * `npm run dev`: Vite in middleware mode in front of the same Hono app, with the React Router build
 * reloaded on every request (edit a route, refresh the page). Runs on Node 24 type stripping.
 */
import http from "node:http";
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startDevApp } = (await vite.ssrLoadModule("/server/dev-app.ts")) as typeof import("./dev-app.ts");
const { listener, port, host } = await startDevApp(() => vite.ssrLoadModule("virtual:react-router/server-build"));

http
  .createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)))
  .listen(port, host, () => console.log(`Development server on http://${host}:${port}`));
