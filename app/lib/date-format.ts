/**
 * One `Intl.DateTimeFormat` per locale and options, made once and kept: making one loads the locale's
 * and the zone's data (a large share of a signed-in page's CPU when every date on it made its own),
 * using one is cheap. The options come from the code, and zones from a fixed list, so this stays small.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
