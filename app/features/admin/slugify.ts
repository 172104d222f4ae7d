/** `Zoë’s Chakra Guide (v2)` → `zoe-s-chakra-guide-v2`: lowercase ASCII words joined by hyphens. */
export function slugify(text: string, maxLength = 60): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}
