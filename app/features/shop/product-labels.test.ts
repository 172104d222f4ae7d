import { describe, expect, it } from "vitest";
import { adminTypeBadge, buyLabel, categories, typeBadge } from "./product-labels";

describe("product labels", () => {
  it("badges guides as PDF Guide, audio as Audio and any other type as Video + PDF", () => {
    expect(typeBadge("digital_guide")).toBe("PDF Guide");
    expect(typeBadge("audio")).toBe("Audio");
    expect(typeBadge("video_course")).toBe("Video + PDF");
    expect(typeBadge("anything")).toBe("Video + PDF");
  });
  it("badges the admin's cards 'Video Course' where the shop says 'Video + PDF'", () => {
    expect(adminTypeBadge("video_course")).toBe("Video Course");
    expect(adminTypeBadge("digital_guide")).toBe("PDF Guide");
    expect(adminTypeBadge("audio")).toBe("Audio");
    expect(adminTypeBadge("subscription")).toBe("Membership");
  });
  it("labels the buy button by type and price", () => {
    expect(buyLabel({ id: "a", product_type: "digital_guide", price_cents: 0 })).toBe("Download Free");
    expect(buyLabel({ id: "a", product_type: "video_course", price_cents: 0 })).toBe("Access Free");
    expect(buyLabel({ id: "a", product_type: "digital_guide", price_cents: 1 })).toBe("Get Guide");
    expect(buyLabel({ id: "a", product_type: "audio", price_cents: 599 })).toBe("Get Course");
  });
  it("splits comma-separated categories", () => {
    expect(categories("Energy, Chakras ,")).toEqual(["Energy", "Chakras"]);
    expect(categories(null)).toEqual([]);
  });
});
