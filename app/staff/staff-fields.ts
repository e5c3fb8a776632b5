import { z } from "zod";

/** A required text field of a staff form: trimmed, not empty, bounded, with plain messages. */
export function requiredText(label: string, max: number) {
  return z
    .string({ message: `Please fill in the ${label}.` })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `Please fill in the ${label}.`).max(max, `The ${label} can be at most ${max} characters.`));
}

/** The first message per field of a failed parse, for the page to show beside each field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
