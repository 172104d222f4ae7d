import { describe, expect, it } from "vitest";
import { parseProductForm, productFormMessages } from "./product-form-schema";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
};

const valid = { title: "Moon Guide", description: "A guide." };

describe("the admin product form", () => {
  it("fills the spec's defaults: digital guide, price 0, sort order 0, not featured, no duration", () => {
    const parsed = parseProductForm(form(valid));
    expect(parsed).toEqual({
      ok: true,
      values: expect.objectContaining({
        product_type: "digital_guide",
        price: 0,
        sort_order: 0,
        is_featured: false,
        duration_minutes: null,
        category: null,
        video_url: null,
        features: [],
      }),
    });
  });

  it("gives the spec's three messages, in order, for an empty form with a negative price", () => {
    expect(parseProductForm(form({ price: "-5" }))).toEqual({
      ok: false,
      errors: ["Title is required", "Description is required", "Price cannot be negative"],
    });
  });

  it("parses integers, splits features on commas and drops empties", () => {
    const parsed = parseProductForm(
      form({
        ...valid,
        price: " 12.99 ",
        sort_order: "-3",
        duration_minutes: "45",
        features: " One , ,Two,, Three ",
        is_featured: "on",
      }),
    );
    expect(parsed.ok && parsed.values).toMatchObject({
      price: 1299,
      sort_order: -3,
      duration_minutes: 45,
      features: ["One", "Two", "Three"],
      is_featured: true,
    });
  });

  it("takes the price in pounds and keeps it in pence, up to £10,000.00", () => {
    const pence = (price: string) => {
      const parsed = parseProductForm(form({ ...valid, price }));
      return parsed.ok ? parsed.values.price : parsed.errors;
    };
    expect(pence("14.50")).toBe(1450);
    expect(pence("14.5")).toBe(1450);
    expect(pence("14")).toBe(1400);
    expect(pence("£1,250.05")).toBe(125005);
    expect(pence("1,000,000")).toEqual([productFormMessages.priceTooHigh]);
    // A decimal comma is refused, never read as a hundred times the price.
    expect(pence("12,50")).toEqual([productFormMessages.pricePounds]);
    expect(pence("£5,5")).toEqual([productFormMessages.pricePounds]);
    expect(pence("1,25.00")).toEqual([productFormMessages.pricePounds]);
    expect(pence("0.07")).toBe(7);
    expect(pence("")).toBe(0);
    expect(pence("10000.00")).toBe(1_000_000);
    expect(pence("10000.01")).toEqual([productFormMessages.priceTooHigh]);
    expect(pence("-0.01")).toEqual([productFormMessages.priceNegative]);
    expect(pence("12.345")).toEqual([productFormMessages.pricePounds]);
    expect(pence("1299p")).toEqual([productFormMessages.pricePounds]);
    expect(pence("1e3")).toEqual([productFormMessages.pricePounds]);
  });

  it("keeps to the checkout limits: title length and characters", () => {
    const errors = (fields: Record<string, string>) => {
      const parsed = parseProductForm(form({ ...valid, ...fields }));
      return parsed.ok ? [] : parsed.errors;
    };
    expect(errors({ title: "x".repeat(500) })).toEqual([]);
    expect(errors({ title: "x".repeat(501) })).toEqual([productFormMessages.titleTooLong]);
    expect(errors({ title: "<b>Bold</b>" })).toEqual([productFormMessages.titleCharacters]);
    expect(errors({ sort_order: "99999999999" })).toEqual([productFormMessages.sortWhole]);
    expect(errors({ duration_minutes: "-1" })).toEqual([productFormMessages.durationWhole]);
  });

  it("sanitises text fields and refuses what is not a product type", () => {
    const parsed = parseProductForm(form({ ...valid, description: "<script>x</script>Calm\0" }));
    expect(parsed.ok && parsed.values.description).toBe("scriptx/scriptCalm");
    expect(parseProductForm(form({ ...valid, product_type: "subscription" }))).toEqual({
      ok: false,
      errors: [productFormMessages.productType],
    });
  });

  it("turns a YouTube link into the privacy-enhanced embed and refuses other addresses", () => {
    const parsed = parseProductForm(form({ ...valid, video_url: "https://youtu.be/dQw4w9WgXcQ" }));
    expect(parsed.ok && parsed.values.video_url).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(parseProductForm(form({ ...valid, video_url: "javascript:alert(1)" }))).toEqual({
      ok: false,
      errors: [productFormMessages.videoUrl],
    });
  });

  it("reads files only as keep, none or an upload id, and ignores fields that are not the product's", () => {
    const id = "7d444840-9dc0-41bf-9a8d-6d0b2d2a7c1e";
    const parsed = parseProductForm(
      form({ ...valid, main_file: id, image: "keep", attachments: ["keep:2", id], download_url: "/etc/passwd" }),
    );
    expect(parsed.ok && parsed.values).toMatchObject({
      main_file: { kind: "upload", uploadId: id },
      image: { kind: "keep" },
      attachments: [
        { kind: "keep", position: 2 },
        { kind: "upload", uploadId: id },
      ],
    });
    expect(parsed.ok && "download_url" in parsed.values).toBe(false);
    const refused: Record<string, string | string[]>[] = [
      { main_file: "../../auth-secret" },
      { image: "keep:1" },
      { attachments: ["keep:0"] },
      { attachments: ["none"] },
    ];
    for (const bad of refused) {
      expect(parseProductForm(form({ ...valid, ...bad }))).toEqual({
        ok: false,
        errors: [productFormMessages.badFileReference],
      });
    }
  });

  it("tells 'no attachments sent' apart from 'every attachment removed'", () => {
    const untouched = parseProductForm(form(valid));
    expect(untouched.ok && untouched.values.attachments).toBeUndefined();
    const emptied = parseProductForm(form({ ...valid, attachments_sent: "1" }));
    expect(emptied.ok && emptied.values.attachments).toEqual([]);
  });
});
