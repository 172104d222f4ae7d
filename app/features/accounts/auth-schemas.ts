import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;
export const NAME_MAX = 100;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email: sanitised, trimmed and lowercased, then checked in the spec's order. */
export const emailSchema = z
  .string({ error: "Email is required" })
  .transform((v) => sanitiseText(v).trim().toLowerCase())
  .superRefine((email, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message });
    if (email === "") return fail("Email is required");
    if (email.length > EMAIL_MAX) return fail("Email is too long");
    if (!EMAIL_SHAPE.test(email)) return fail("Please enter a valid email address");
    const parts = email.split("@");
    if (parts.length !== 2 || (parts[0]?.length ?? 0) > 64 || (parts[1]?.length ?? 0) > 253) {
      return fail("Invalid email format");
    }
    // What the spec's loose shape lets through but no mail server takes (and Better Auth refuses):
    // a trailing dot, `..`, a dot at either end of the local part, characters outside the address set.
    if (!z.email().safeParse(email).success) return fail("Please enter a valid email address");
  });

/** The four sign-up password rules, also shown as the checklist under the field. */
export const passwordRules = [
  { label: "At least 8 characters", test: (p: string) => p.length >= PASSWORD_MIN },
  { label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { label: "One number", test: (p: string) => /\d/.test(p) },
] as const;

export const signUpPasswordSchema = z
  .string({ error: "Invalid password" })
  .min(PASSWORD_MIN, "Password must be at least 8 characters long")
  .max(PASSWORD_MAX, "Password is too long")
  .regex(/[A-Z]/, "Password must contain at least one uppercase letter")
  .regex(/[a-z]/, "Password must contain at least one lowercase letter")
  .regex(/\d/, "Password must contain at least one number");

/** Refused by the server (common-passwords.server.ts) after the spec's rules pass. */
export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most commonly used, so it is easy to guess. Please choose another.";

export const COMMON_PASSWORD_HINT = "Common passwords such as Password1 are not accepted.";

export const signInPasswordSchema = z.string({ error: "Password is required" }).min(1, "Password is required");

/** Letters of any script (Zoë, José), spaces, hyphens and both straight and typographic apostrophes. */
const NAME_CHARACTERS = /^[\p{L}\p{M}\s'’-]+$/u;

export const fullNameSchema = z
  .string({ error: "Full name is required" })
  // Spaces tidied as well as trimmed: e-mails greet her as 'Amelia Hart', not 'Amelia   Hart'.
  .transform((v) => sanitiseText(v).trim().replace(/\s+/g, " "))
  .superRefine((name, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message });
    if (name === "") return fail("Full name is required");
    if (name.length > NAME_MAX) return fail("Full name is too long");
    if (!NAME_CHARACTERS.test(name))
      return fail("Full name can only contain letters, spaces, hyphens, and apostrophes");
    if (name.length < NAME_MIN) return fail("Full name must be at least 2 characters long");
  });

export const signInSchema = z.object({ email: emailSchema, password: signInPasswordSchema });
export const signUpSchema = z.object({ fullName: fullNameSchema, email: emailSchema, password: signUpPasswordSchema });
export const emailOnlySchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: z.string().min(1, "This reset link is invalid or has expired.").max(512),
  password: signUpPasswordSchema,
});

export type FieldErrors = Partial<Record<"fullName" | "email" | "password" | "token", string>>;

/** The first message for each field, as the form shows them. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as keyof FieldErrors | undefined;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** Spec §5 strength colour: grey when empty, green when fully valid, yellow at 6+ characters, red otherwise. */
export function passwordStrength(password: string): "empty" | "valid" | "fair" | "weak" {
  if (password === "") return "empty";
  if (signUpPasswordSchema.safeParse(password).success) return "valid";
  return password.length >= 6 ? "fair" : "weak";
}

/** 'Welcome, {local part}': the part of the e-mail before the @, sanitised. */
export function greetingName(email: string): string {
  return sanitiseText(email.split("@")[0] ?? "");
}

/** Any origin of ours would do: targets are resolved against it and must stay on it. */
const HERE = "https://this-site.invalid";

/**
 * A redirect target from the query string, kept only when it resolves to a page of this site.
 * Resolved as a browser would (which drops tabs and newlines and reads `\` as `/`, so
 * `/%09/evil.example` is `//evil.example`), and answered in the parser's own serialisation, so the
 * Location header holds no raw control or non-ASCII character.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/products"): string {
  if (!target?.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil.example` normalises to the path `//evil.example`, which a browser reads as another host.
  if (url.origin !== HERE || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) {
    return fallback;
  }
  return new URL(path, HERE).origin === HERE ? path : fallback;
}

/** The message a toast shows for a form with errors: its first field's. */
export function firstMessage(errors: FieldErrors): string {
  return Object.values(errors)[0] ?? "An unexpected error occurred. Please try again.";
}
