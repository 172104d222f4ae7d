import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { defaultSite } from "../site";
import { cookiePolicy } from "./cookie-policy";
import { disclaimer } from "./disclaimer";
import type { LegalDocument } from "./legal-document";
import { privacy } from "./privacy";
import { refundPolicy } from "./refund-policy";
import { reviewPolicy } from "./review-policy";
import { terms } from "./terms";

/**
 * A legal page's "Last updated" date changes when, and only when, its wording does (decision 010):
 * each document's wording is pinned here by a hash beside its date. A change to the text (its own, or
 * a term it quotes from `policies.ts` or `retention-periods.ts`) fails this test until the date is
 * moved to the day of the change and the new hash written here. The words are hashed as the
 * defaults fill them (`defaultSite`): the owner's own details (her name, address, e-mail), which she
 * edits in Site Settings, are filled in at each request and are not a change of wording.
 */
const PINNED: Record<string, { lastUpdated: string; wording: string }> = {
  terms: { lastUpdated: "2026-11-26", wording: "ec19e28d74182fb1" },
  privacy: { lastUpdated: "2026-11-26", wording: "790dc84b8c5b3948" },
  cookiePolicy: { lastUpdated: "2026-11-26", wording: "c2f03daa8a2ec35c" },
  refundPolicy: { lastUpdated: "2026-11-26", wording: "2648afa83eed83e6" },
  disclaimer: { lastUpdated: "2026-11-22", wording: "fd8e693ee3129df2" },
  reviewPolicy: { lastUpdated: "2026-11-25", wording: "0dc285fd5453902d" },
};

const documents: Record<string, LegalDocument> = {
  terms: terms(defaultSite),
  privacy: privacy(defaultSite),
  cookiePolicy: cookiePolicy(defaultSite),
  refundPolicy: refundPolicy(defaultSite),
  disclaimer: disclaimer(defaultSite),
  reviewPolicy: reviewPolicy(defaultSite),
};

const wordingOf = ({ lastUpdated: _, ...words }: LegalDocument) =>
  createHash("sha256").update(JSON.stringify(words)).digest("hex").slice(0, 16);

describe("each legal page's date", () => {
  it.each(Object.keys(documents))("%s: moves with its wording", (name) => {
    const document = documents[name] as LegalDocument;
    const pinned = PINNED[name];
    expect(
      { lastUpdated: document.lastUpdated, wording: wordingOf(document) },
      `${name}'s wording or date changed: set lastUpdated to the day the wording changed, and pin both here`,
    ).toEqual(pinned);
  });
});
