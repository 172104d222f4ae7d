import { readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { makeDemoPdf } from "~/features/shop/demo-files.server";
import { products, uploads } from "~/lib/db/schema.server";
import { upload } from "./admin-requests";
import { signedInUser } from "./shop-accounts";
import { createTestApp } from "./test-app";

/** A real PDF for uploads. */
export const pdf = makeDemoPdf("Admin test guide", ["A real PDF"]);

export const fileBytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

/**
 * An in-process app with the demo catalogue, small upload limits (2 MB PDFs, 1 MB images) and a
 * signed-in admin, with the look-ups the admin tests share.
 */
export async function createAdminTestApp() {
  const t = await createTestApp({ UPLOAD_MAX_PDF_MB: "2", UPLOAD_MAX_IMAGE_MB: "1" }, { template: "seeded" });
  const admin = await signedInUser(t.services, "admin");
  await t.server.runCommand(t.services, "admin", ["add", admin.email]);
  const { db } = t.services.database;
  return {
    ...t,
    admin,
    /** Every file under the data folder's stores, so a refusal can be shown to have written nothing. */
    storedFiles(): string[] {
      const found: string[] = [];
      for (const store of ["files", "images"]) {
        const root = path.join(t.dataDir, store);
        for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
          if (entry.isFile()) found.push(path.relative(t.dataDir, path.join(entry.parentPath, entry.name)));
        }
      }
      return found.sort();
    },
    uploadRows: () => db.select().from(uploads),
    productRow: async (id: string) => (await db.select().from(products).where(eq(products.id, id)))[0],
    /** Uploads as the admin, expecting it to be taken. */
    async uploaded(kind: string, name: string, body: Uint8Array) {
      const res = await upload(t.app, admin.cookie, kind, name, body);
      expect(res.status).toBe(201);
      return (await res.json()) as { id: string; url: string | null; size: number };
    },
  };
}

export type AdminTestApp = Awaited<ReturnType<typeof createAdminTestApp>>;
