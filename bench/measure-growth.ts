/**
 * Cost of growth: the paginated pages' latency with catalogues of different sizes and a customer with a
 * long purchase history. The server is restarted on the same data folder for each size.
 */
import { type LatencyResult, measureLatency } from "./measure-latency.ts";
import { type GrowthPlans, seedGrowthData } from "./seed-growth-data.ts";
import { startServer } from "./start-server.ts";

export type GrowthRoute = LatencyResult & {
  name: string;
  path: string;
  /** Whether the route's cost should stay flat as the data grows (the sitemap and deep pages grow by design). */
  bounded: boolean;
  /** Requested as the customer with the long purchase history. */
  signedIn: boolean;
};

export type GrowthResult = {
  purchases: number;
  sizes: { products: number; purchases: number; routes: GrowthRoute[]; plans: GrowthPlans }[];
  command: string;
};

export async function measureGrowth(options: {
  appDir: string;
  dataDir: string;
  logFile: string;
  user: { id: string; cookie: string };
  sizes: number[];
  purchases: number;
  requests: number;
  warmup: number;
  log: (line: string) => void;
}): Promise<GrowthResult> {
  const sizes: GrowthResult["sizes"] = [];
  for (const size of options.sizes) {
    const seeded = await seedGrowthData(options.dataDir, {
      products: size,
      userId: options.user.id,
      purchases: options.purchases,
    });
    const server = await startServer({ appDir: options.appDir, dataDir: options.dataDir, logFile: options.logFile });
    try {
      // The plan card is not in the grid, so the grid has one product fewer than the catalogue.
      const lastProductsPage = Math.max(1, Math.ceil((seeded.products - 1) / 24));
      const lastPurchasesPage = Math.max(1, Math.ceil(seeded.purchases / 20));
      const routes: Omit<GrowthRoute, keyof LatencyResult>[] = [
        { name: "/products, visitor", path: "/products", bounded: true, signedIn: false },
        { name: "/products, the customer", path: "/products", bounded: true, signedIn: true },
        // OFFSET walks the rows before the page, so the deepest page costs more as the catalogue grows.
        { name: "/products, last page", path: `/products?page=${lastProductsPage}`, bounded: false, signedIn: false },
        { name: "/my-purchases, page 1", path: "/my-purchases", bounded: true, signedIn: true },
        {
          name: "/my-purchases, last page",
          path: `/my-purchases?page=${lastPurchasesPage}`,
          bounded: true,
          signedIn: true,
        },
        { name: "/sitemap.xml (lists every product)", path: "/sitemap.xml", bounded: false, signedIn: false },
      ];
      // A freshly started server compiles its code on the first requests: warm every route up first,
      // so the first one measured is not the only one paying for it.
      for (let i = 0; i < options.warmup; i++) {
        for (const route of routes) {
          await measureLatency(`${server.origin}${route.path}`, {
            requests: 1,
            warmup: 0,
            headers: route.signedIn ? { cookie: options.user.cookie } : {},
          });
        }
      }
      const measured: GrowthRoute[] = [];
      for (const route of routes) {
        const result = await measureLatency(`${server.origin}${route.path}`, {
          requests: options.requests,
          warmup: options.warmup,
          headers: route.signedIn ? { cookie: options.user.cookie } : {},
          pid: server.pid,
        });
        options.log(
          `  ${seeded.products} products: ${route.name}: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.cpuMsPerRequest} ms CPU/request${result.non200 ? `, ${result.non200} non-200` : ""}`,
        );
        measured.push({ ...route, ...result });
      }
      sizes.push({ products: seeded.products, purchases: seeded.purchases, routes: measured, plans: seeded.plans });
    } finally {
      await server.stop();
    }
  }
  return {
    purchases: options.purchases,
    sizes,
    command: `after ${options.warmup} warm-up rounds over every route, per route ${options.warmup} warm-up then ${options.requests} timed sequential GET requests on one kept-alive connection (bench/measure-latency.ts)`,
  };
}
