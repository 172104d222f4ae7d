let common: Promise<Set<string>> | undefined;

/**
 * One of the ~49,000 most common passwords of public breach lists (zxcvbn-ts's list, lower case),
 * whatever its letter case: 'Password1' passes the spec's four rules and is still the first guess
 * (ASVS 6.2.4). Server-only: the list is too big for the browser. The package decompresses its lists
 * when it is evaluated, so it is imported with the first password checked, not at start (decision 037).
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"]));
  return (await common).has(password.toLowerCase());
}
