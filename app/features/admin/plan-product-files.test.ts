import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { imageKeyOf, type ProductFiles, planProductFiles } from "./plan-product-files";

const existing: ProductFiles = {
  downloadUrl: "pdfs/1-guide.pdf",
  imageUrl: "/media/covers/1-cover.webp",
  pdfAttachments: ["pdfs/2-a.pdf", "pdfs/3-b.pdf"],
};
const uploaded = new Map([
  ["u-file", "pdfs/9-new.pdf"],
  ["u-image", "covers/9-new.webp"],
  ["u-att", "pdfs/9-att.pdf"],
]);

describe("planProductFiles", () => {
  it("keeps everything an existing product has when the form says nothing about files", () => {
    expect(planProductFiles({ existing, choices: {}, uploaded })).toEqual({
      ...existing,
      unused: { files: [], images: [] },
    });
  });

  it("gives a new product nothing unless it names uploads", () => {
    expect(planProductFiles({ existing: null, choices: {}, uploaded })).toEqual({
      downloadUrl: null,
      imageUrl: null,
      pdfAttachments: [],
      unused: { files: [], images: [] },
    });
  });

  it("replaces, reorders and removes, and lists what the product no longer uses", () => {
    const plan = planProductFiles({
      existing,
      choices: {
        main: { kind: "upload", uploadId: "u-file" },
        image: { kind: "none" },
        attachments: [
          { kind: "keep", position: 2 },
          { kind: "upload", uploadId: "u-att" },
        ],
      },
      uploaded,
    });
    expect(plan).toEqual({
      downloadUrl: "pdfs/9-new.pdf",
      imageUrl: null,
      pdfAttachments: ["pdfs/3-b.pdf", "pdfs/9-att.pdf"],
      unused: { files: ["pdfs/1-guide.pdf", "pdfs/2-a.pdf"], images: ["covers/1-cover.webp"] },
    });
  });

  it("makes an uploaded cover a /media address, and leaves a kept outside address alone", () => {
    expect(
      planProductFiles({ existing, choices: { image: { kind: "upload", uploadId: "u-image" } }, uploaded }),
    ).toMatchObject({
      imageUrl: "/media/covers/9-new.webp",
      unused: { images: ["covers/1-cover.webp"] },
    });
    const seeded = { ...existing, imageUrl: "/images/seed/cover.webp" };
    expect(
      planProductFiles({ existing: seeded, choices: { image: { kind: "none" } }, uploaded }).unused.images,
    ).toEqual([]);
  });

  it("refuses an attachment position the product does not have, or an upload it was not given", () => {
    for (const choices of [
      { attachments: [{ kind: "keep" as const, position: 3 }] },
      { main: { kind: "upload" as const, uploadId: "someone-elses" } },
    ]) {
      expect(() => planProductFiles({ existing, choices, uploaded })).toThrow(AppError);
    }
  });

  it("reads the image-store key of a cover address only", () => {
    expect(imageKeyOf("/media/covers/1-cover.webp")).toBe("covers/1-cover.webp");
    expect(imageKeyOf("/images/seed/cover.webp")).toBeNull();
    expect(imageKeyOf("/media/../auth-secret")).toBeNull();
  });
});
