import { dictionary } from "@zxcvbn-ts/language-common";

let common: Set<string> | undefined;

/**
 * One of the ~49,000 most common passwords of public breach lists (zxcvbn-ts's list, lower case),
 * whatever its letter case: 'Password1' passes the spec's four rules and is still the first guess
 * (ASVS 6.2.4). Server-only: the list is too big for the browser.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}
