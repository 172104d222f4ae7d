/**
 * The contract every feature that holds personal data plugs into (decision 049), as the shop's line
 * kinds do (`app/line-kinds.server.ts`): each registers a holder once per process
 * (`app/personal-data.server.ts`), and "download my data", "close my account" and the retention job
 * go through the holders, never through a feature's tables. A feature added later (intake answers,
 * notes, vouchers) registers its own holder and is then exported, erased and expired with the rest.
 */
import type { Transaction } from "./db/client.server";
import type { AppServices } from "./services.server";

export type ClosingPerson = { userId: string; by: "client" | "owner" };

export type PersonalDataHolder = {
  /** The key of its part of the export file (`account`, `shop`, `booking`, ...). */
  name: string;
  /** Everything it holds about the person, as plain JSON (rows, with their dates as ISO strings). */
  export(services: AppServices, userId: string): Promise<unknown>;
  /** Before closing: what she gets back or loses, one sentence each, shown to her first. */
  preview?(services: AppServices, userId: string, now: Date): Promise<string[]>;
  /**
   * Closing, before the erasure: what ends through the feature's own rules and e-mails (future
   * sessions cancelled by the policy, a membership ended). Outside any transaction; must be safe to
   * run again (a closing that failed half way is simply repeated).
   */
  release?(services: AppServices, person: ClosingPerson, now: Date): Promise<void>;
  /**
   * A restore that closes an account again (decision 062): what `release` ended after the backup was
   * made, ended again in the restored copy, in its transaction, without money moving (the refunds were
   * made at the closing; `payments:reconcile` records them). How many sessions it cancelled, for the operator.
   */
  releaseAgain?(tx: Transaction, userId: string, closedAt: Date): Promise<number>;
  /** Closing: its personal fields erased or anonymised, in the erasure's one transaction (use `tx` only). */
  erase(tx: Transaction, userId: string): Promise<void>;
  /** Retention: what of its own is past its time (`RETENTION`), with counts for the log. */
  expire?(services: AppServices, now: Date): Promise<Record<string, number>>;
};

const holders = new Map<string, PersonalDataHolder>();

/** Registered in order: the erasure runs them in this order, the accounts' holder last. */
export function registerPersonalData(holder: PersonalDataHolder): void {
  holders.set(holder.name, holder);
}

export function personalDataHolders(): PersonalDataHolder[] {
  return [...holders.values()];
}
