/**
 * The key information of Digital Access, said once (decision 050): the DMCC Act 2024 (Part 4,
 * Chapter 2, subscription contracts) asks a trader to give it before the contract is made, together
 * and prominently. Its regulations (expected spring 2027) will set the exact wording and layout;
 * this box holds what the Act itself asks now. Pure, for the dialog and the tests.
 */
import { formatAmount } from "~/lib/format-price";

/** How long before a renewal the reminder goes, and how often one is owed (each six months). */
export const RENEWAL_REMINDER = { daysBefore: 7, everyMonths: 6 } as const;

export function subscriptionKeyFacts(monthlyCents: number): { label: string; text: string }[] {
  return [
    { label: "Price", text: `${formatAmount(monthlyCents)} every month, the same each month. Nothing is added later.` },
    {
      label: "Renewal",
      text: `It renews each month until you cancel. We e-mail you a reminder before a renewal every ${RENEWAL_REMINDER.everyMonths} months, with a link to end it.`,
    },
    {
      label: "How to cancel",
      text: "One click: 'Manage membership' in My Sacred Downloads, or the link in any reminder. Access lasts to the end of the month you paid for, and you are not charged again.",
    },
    {
      label: "Cooling-off",
      text: "You have 14 days from joining to cancel. Because your access starts at once, you ask for that below and lose the right to a refund once a download starts; you can still cancel at any time.",
    },
  ];
}
