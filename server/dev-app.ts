import "~/line-kinds.server";
import "~/personal-data.server";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { seedCatalogue } from "~/features/shop/seed-catalogue.server";
import { getEnv } from "~/lib/env.server";
import { createServices } from "~/lib/services.server";
import { createApp } from "./app";

/** The development app: same services and Hono app as production, build loaded by Vite per request. */
export async function startDevApp(loadBuild: () => Promise<unknown>) {
  const env = getEnv();
  const services = await createServices(env);
  await seedCatalogue(services);
  const app = createApp({ services, build: () => loadBuild() as Promise<ServerBuild>, mode: "development" });
  const listener: (req: IncomingMessage, res: ServerResponse) => void = getRequestListener(app.fetch);
  const stop = async () => {
    await services.database.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return { listener, port: env.PORT, host: env.HOST };
}
