import { describe, expect, it } from "vitest";
import { includedInMembership, isFree, mediaTypeOf } from "./model";
import { checkoutProductSchema, productIdSchema } from "./schemas";

describe("the shop model", () => {
  it("calls a product free at £0.00, except the membership plan", () => {
    expect(isFree({ id: "grounding-basics", priceCents: 0 })).toBe(true);
    expect(isFree({ id: "chakra", priceCents: 1 })).toBe(false);
    expect(isFree({ id: "subscription", priceCents: 0 })).toBe(false);
  });

  it("includes digital guides, and only guides, in a membership", () => {
    expect(includedInMembership("digital_guide", true)).toBe(true);
    expect(includedInMembership("digital_guide", false)).toBe(false);
    expect(includedInMembership("video_course", true)).toBe(false);
    expect(includedInMembership("audio", true)).toBe(false);
  });

  it("knows a stored file's type by its key, and nothing else", () => {
    expect(mediaTypeOf("pdfs/17-guide.pdf")).toMatchObject({ ext: "pdf", mime: "application/pdf", family: "document" });
    expect(mediaTypeOf("audios/tone.WAV")).toMatchObject({ mime: "audio/wav", family: "audio" });
    expect(mediaTypeOf("videos/a.webm")).toMatchObject({ family: "video" });
    expect(mediaTypeOf("x.exe")).toBeUndefined();
    expect(mediaTypeOf("constructor")).toBeUndefined();
    expect(mediaTypeOf(null)).toBeUndefined();
  });

  it("checks product ids and checkout lines by spec §5's limits", () => {
    expect(productIdSchema.safeParse("a".repeat(100)).success).toBe(true);
    expect(productIdSchema.safeParse("a".repeat(101)).success).toBe(false);
    expect(productIdSchema.safeParse("a\0b").success).toBe(false);
    const line = { id: "a", title: "A guide", price_cents: 1299, product_type: "digital_guide" };
    expect(checkoutProductSchema.safeParse(line).success).toBe(true);
    expect(checkoutProductSchema.safeParse({ ...line, title: "<b>A</b>" }).success).toBe(false);
    expect(checkoutProductSchema.safeParse({ ...line, price_cents: 1_000_001 }).success).toBe(false);
    expect(checkoutProductSchema.safeParse({ ...line, product_type: "" }).success).toBe(false);
  });
});
