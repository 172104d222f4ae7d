/**
 * Joins a component's own classes with a caller's `extra`, dropping each of the component's classes
 * that the caller sets again (`px-0` replaces the button's `px-5`, `text-red-800` its text colour).
 * Tailwind orders utilities in its own way, not by the order of the class attribute, so without
 * this a caller could not override a component's padding reliably. A small rule set for the
 * utilities the components use, not a general Tailwind merger (that library would cost every page
 * script bytes).
 */
export function mergeClasses(own: string, extra: string): string {
  if (!extra.trim()) return own;
  const extraTokens = extra.split(/\s+/).filter(Boolean);
  const taken = new Set(extraTokens.flatMap(groupsOf));
  const kept = own.split(/\s+/).filter((token) => token && !groupsOf(token).some((group) => taken.has(group)));
  return [...kept, ...extraTokens].join(" ");
}

const TEXT_SIZE = /^text-(xs|sm|base|lg|\d?xl|eyebrow|lead|title|display|\[.+\])$/;

/** The property groups a class sets, keyed with its state prefix ("hover:bg", "px"). */
function groupsOf(token: string): string[] {
  const cut = token.lastIndexOf(":");
  const state = cut === -1 ? "" : token.slice(0, cut + 1);
  const utility = token.slice(cut + 1).replace(/^-/, "");
  const group = (name: string) => `${state}${name}`;
  if (/^p-/.test(utility)) return [group("px"), group("py")];
  if (/^px-/.test(utility)) return [group("px")];
  if (/^py-/.test(utility)) return [group("py")];
  if (/^min-h-/.test(utility)) return [group("min-h")];
  if (/^rounded(-|$)/.test(utility)) return [group("rounded")];
  if (/^gap-/.test(utility)) return [group("gap")];
  if (/^bg-/.test(utility)) return [group("bg")];
  if (/^shadow(-|$)/.test(utility)) return [group("shadow")];
  if (/^border-(\d|x|y|t|b|l|r)?$/.test(utility) || utility === "border") return [group("border-width")];
  if (/^border-/.test(utility)) return [group("border-color")];
  if (TEXT_SIZE.test(utility)) return [group("text-size")];
  if (/^text-(left|center|right|justify|start|end)$/.test(utility)) return [group("text-align")];
  if (/^text-/.test(utility)) return [group("text-color")];
  if (/^font-(thin|light|normal|medium|semibold|bold|extrabold|black)$/.test(utility)) return [group("font-weight")];
  return [group(utility)];
}
