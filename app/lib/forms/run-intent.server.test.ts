import { createCookie, redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "~/lib/app-error";
import type { AppServices } from "~/lib/services.server";
import { z } from "~/lib/zod";
import type { ActionData } from "./action-data";
import { formValues, intent, reference, runIntent } from "./run-intent.server";

const env = { AUTH_SECRET: "unit-secret-unit-secret-unit-secret-0123", PUBLIC_URL: "http://localhost:3000" };
const logger = { error: vi.fn() };
const services = { env, logger } as unknown as AppServices;
const allow = async () => undefined;

const post = (fields: [string, string][]) =>
  new Request("http://localhost:3000/admin/things", { method: "POST", body: new URLSearchParams(fields) });

/** The action data and status of an answer that is not a redirect. */
function answer(result: unknown): { status: number; body: ActionData } {
  const sent = result as { data: ActionData; init: ResponseInit | null };
  return { status: sent.init?.status ?? 200, body: sent.data };
}

const thingId = "0b9c6f36-3c4e-4d43-9a57-2f0d1b7c7a11";
const intents = {
  create: intent({
    schema: z.object({
      title: z.string().trim().min(1, "Title is required."),
      price: z.string().regex(/^\d+$/, "Price is a whole number."),
    }),
    handler: async ({ title }) => {
      if (title === "Taken") throw new AppError("conflict", "That title is taken.", "Validation Error");
      if (title === "Boom") throw new Error("the database went away");
      return { redirectTo: "/admin/things", toast: { title: "Success", description: `Made ${title}.` } };
    },
    errorFields: { conflict: "title" },
  }),
  remove: intent({
    schema: z.object({ id: reference(z.uuid(), "That thing no longer exists.") }),
    handler: async ({ id }) => {
      if (id !== thingId) throw new AppError("not_found", "That thing no longer exists.");
      return { toast: { title: "Removed", description: "Thing removed." } };
    },
    unexpected: "The thing could not be removed.",
  }),
};

const run = (fields: [string, string][], options = {}) =>
  runIntent(post(fields), services, intents, { guard: allow, ...options });

describe("runIntent", () => {
  it("checks the guard before it reads the form", async () => {
    const guard = async () => {
      throw redirect("/");
    };
    const request = new Request("http://localhost:3000/admin/things", { method: "POST", body: "not a form" });
    await expect(runIntent(request, services, intents, { guard })).rejects.toBeInstanceOf(Response);
  });

  it("answers an intent the page does not have with a 400 that says so, never a 500", async () => {
    for (const fields of [[["intent", "drop-tables"]], [["intent", "toString"]], []] as [string, string][][]) {
      const { status, body } = answer(await run(fields));
      expect(status).toBe(400);
      expect(body).toMatchObject({
        ok: false,
        toast: { title: "Error", description: "Unknown action.", variant: "destructive" },
        errors: ["Unknown action."],
      });
    }
  });

  it("refuses a form its schema refuses with the messages by field and the values as posted", async () => {
    const { status, body } = answer(
      await run(
        [
          ["intent", "create"],
          ["title", "  "],
          ["price", "12.50"],
          ["tag", "a"],
          ["tag", "b"],
        ],
        { describeInvalid: (messages: string[]) => messages.join(", ") },
      ),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      ok: false,
      intent: "create",
      toast: {
        title: "Validation Error",
        description: "Title is required., Price is a whole number.",
        variant: "destructive",
      },
      errors: ["Title is required.", "Price is a whole number."],
      fieldErrors: { title: "Title is required.", price: "Price is a whole number." },
      submitted: { intent: "create", title: "  ", price: "12.50", tag: ["a", "b"] },
    });
  });

  it("says the first message in the toast unless the page says otherwise, under the page's title", async () => {
    const fields: [string, string][] = [
      ["intent", "create"],
      ["title", ""],
      ["price", "x"],
    ];
    const { body } = answer(await run(fields, { invalidTitle: "Error" }));
    expect(body.toast).toEqual({ title: "Error", description: "Title is required.", variant: "destructive" });
  });

  it("answers a reference that cannot name anything with a 404", async () => {
    const { status, body } = answer(
      await run([
        ["intent", "remove"],
        ["id", "'; drop table things; --"],
      ]),
    );
    expect(status).toBe(404);
    expect(body).toMatchObject({ ok: false, fieldErrors: { id: "That thing no longer exists." } });
  });

  it("answers an AppError with its status and message, under the field it belongs to", async () => {
    const { status, body } = answer(
      await run([
        ["intent", "create"],
        ["title", "Taken"],
        ["price", "5"],
      ]),
    );
    expect(status).toBe(409);
    expect(body).toEqual({
      ok: false,
      intent: "create",
      toast: { title: "Validation Error", description: "That title is taken.", variant: "destructive" },
      errors: ["That title is taken."],
      fieldErrors: { title: "That title is taken." },
      submitted: { intent: "create", title: "Taken", price: "5" },
    });
    const gone = answer(
      await run(
        [
          ["intent", "remove"],
          ["id", crypto.randomUUID()],
        ],
        { refusedTitle: "Things" },
      ),
    );
    expect(gone.status).toBe(404);
    expect(gone.body.toast).toEqual({
      title: "Things",
      description: "That thing no longer exists.",
      variant: "destructive",
    });
  });

  it("logs anything else and answers a 500 that tells nothing of what failed", async () => {
    const { status, body } = answer(
      await run([
        ["intent", "create"],
        ["title", "Boom"],
        ["price", "5"],
      ]),
    );
    expect(status).toBe(500);
    expect(body.toast.description).toBe("Something went wrong on our side. Please try again.");
    expect(JSON.stringify(body)).not.toContain("database");
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it("redirects with the handler's toast, or answers it as data on the same page", async () => {
    const made = await run([
      ["intent", "create"],
      ["title", "Lantern"],
      ["price", "5"],
    ]);
    expect(made).toBeInstanceOf(Response);
    const response = made as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/things");
    const flash = await createCookie("flash", { secrets: [env.AUTH_SECRET] }).parse(
      response.headers.get("Set-Cookie") ?? "",
    );
    // With when it was set: a copied toast cookie is good for a minute (decision 059).
    expect(flash).toEqual({
      title: "Success",
      description: "Made Lantern.",
      variant: "default",
      at: expect.any(Number),
    });

    const { status, body } = answer(
      await run([
        ["intent", "remove"],
        ["id", thingId],
      ]),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      intent: "remove",
      toast: { title: "Removed", description: "Thing removed.", variant: "default" },
    });
  });
});

describe("runIntent's options", () => {
  it("reads a post without an intent as the page's one form, and makes a schema per request when asked", async () => {
    const known = new Set(["moon"]);
    const pick = {
      save: intent({
        schema: async () => z.object({ product: z.string().refine((id) => known.has(id), "Choose a product.") }),
        handler: async ({ product }) => ({ toast: { title: "Saved", description: product } }),
      }),
    };
    const saved = answer(
      await runIntent(post([["product", "moon"]]), services, pick, { guard: allow, defaultIntent: "save" }),
    );
    expect(saved.body).toMatchObject({ ok: true, intent: "save", toast: { description: "moon" } });
    const refused = answer(
      await runIntent(post([["product", "sun"]]), services, pick, { guard: allow, defaultIntent: "save" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, fieldErrors: { product: "Choose a product." } });
    const unknown = answer(await runIntent(post([["product", "moon"]]), services, pick, { guard: allow }));
    expect(unknown.status).toBe(400);
  });
});

describe("formValues", () => {
  it("keeps the text fields, lists repeated names and leaves files out", () => {
    const form = new FormData();
    form.append("title", "Moon");
    form.append("days", "mon");
    form.append("days", "tue");
    form.append("cover", new File(["x"], "x.png"));
    expect(formValues(form)).toEqual({ title: "Moon", days: ["mon", "tue"] });
  });
});
