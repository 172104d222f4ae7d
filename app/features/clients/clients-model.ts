/**
 * The facts of client records (decision 046): the kinds of consent recorded, and what the health
 * data access log says of each read and write. Shared by the browser and the server (no I/O); the
 * database columns take their allowed values from here.
 */

export const CONSENT_KINDS = ["health_data", "scan_disclaimer"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_KIND_LABELS: Record<ConsentKind, string> = {
  health_data: "Health data consent",
  scan_disclaimer: "ZYTO scan Important Notes acknowledged",
};

export const ACCESS_ACTIONS = ["read", "write", "delete", "export", "erase"] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export const ACCESS_SUBJECTS = ["intake", "notes"] as const;
export type AccessSubject = (typeof ACCESS_SUBJECTS)[number];

/** Who touched the data, as the log shows it: the client, the practitioner (an admin), or the system. */
export const ACCESS_ROLES = ["client", "practitioner", "system"] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

export const ACCESS_ACTION_LABELS: Record<AccessAction, string> = {
  read: "Read",
  write: "Wrote",
  delete: "Deleted",
  export: "Exported",
  erase: "Erased",
};

export const ACCESS_SUBJECT_LABELS: Record<AccessSubject, string> = {
  intake: "intake answers",
  notes: "private notes",
};

export const NOTE_LIMIT = 5000;
