/** A legal page's text. `lastUpdated` changes only when the wording does (ISO date). */
export type LegalSection = { heading: string; paragraphs?: readonly string[]; items?: readonly string[] };
export type LegalDocument = {
  title: string;
  description: string;
  lastUpdated: string;
  sections: readonly LegalSection[];
};
