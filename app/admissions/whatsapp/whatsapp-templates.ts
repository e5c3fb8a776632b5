// The desk's WhatsApp messages: templates an admin edits (kept in the site settings), filled
// with the student's details when a counsellor opens a chat. Browser-safe: the record page
// fills them, the editor checks them with the same rules as the server.

/** The words a template may hold, and what each becomes. */
export const templatePlaceholders = {
  "{name}": "the student's name",
  "{firstName}": "the student's first name",
  "{course}": 'the course asked about (or "our courses")',
  "{institute}": "the institute's name",
  "{counsellor}": "the owner's name (or the institute's name)",
} as const;

export interface WhatsappTemplate {
  name: string;
  text: string;
}

export const maxTemplates = 8;
export const maxTemplateNameLength = 60;
export const maxTemplateTextLength = 1000;

/** What the desk offers before an admin has written any. */
export const defaultTemplates: WhatsappTemplate[] = [
  { name: "Introduction", text: "Hello {name}, this is {institute} about {course}. " },
];

/**
 * The message to each student enrolled in a batch whose first day has moved (the course's desk
 * offers it, filled in for each of them, after the move is saved: decision 032). Besides the
 * placeholders above: {oldDate}, {newDate} and {batch} (the batch's days, times and place).
 */
export const batchMovedTemplate: WhatsappTemplate = {
  name: "Batch date moved",
  text: "Hello {firstName}, this is {institute}. Your {course} batch now starts on {newDate} instead of {oldDate}: {batch}. Please reply here if the new date does not suit you.",
};

export interface TemplateValues {
  name: string;
  course: string;
  institute: string;
  counsellor: string;
}

/**
 * The template's text with its placeholders filled in (plain text: the link encodes it); `more`
 * fills the placeholders of a message of the site's own, e.g. { "{newDate}": "Mon, 21 Apr 2031" }.
 */
export function fillTemplate(text: string, values: TemplateValues, more: Record<string, string> = {}): string {
  const firstName = values.name.trim().split(/\s+/)[0] ?? "";
  const words: Record<string, string> = {
    "{name}": values.name.trim(),
    "{firstName}": firstName,
    "{course}": values.course,
    "{institute}": values.institute,
    "{counsellor}": values.counsellor,
    ...more,
  };
  return text.replace(/\{[A-Za-z]+\}/g, (word) => words[word] ?? word);
}

/** A click-to-chat link to this number (digits with the country code) with the text prefilled. */
export function whatsappChatHref(internationalNumber: string, text: string): string {
  return `https://wa.me/${internationalNumber}?text=${encodeURIComponent(text)}`;
}

/** Placeholders in the text that are not known, e.g. ["{nmae}"]. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set(Object.keys(templatePlaceholders));
  return [...new Set(text.match(/\{[^{}\s]*\}/g) ?? [])].filter((word) => !known.has(word));
}

export type TemplateProblems = Record<number, { name?: string; text?: string }>;

/**
 * Checks templates as the editor sends them (rows left empty are dropped): each needs a name
 * and a text within their limits, only known placeholders, and names must differ.
 */
export function checkTemplates(rows: readonly WhatsappTemplate[]): {
  templates: WhatsappTemplate[];
  problems: TemplateProblems;
} {
  const problems: TemplateProblems = {};
  const templates: WhatsappTemplate[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const name = row.name.trim();
    const text = row.text.replace(/\r\n/g, "\n").trim();
    if (name === "" && text === "") return;
    const problem: { name?: string; text?: string } = {};
    if (name === "") problem.name = "Please give the message a name.";
    else if (name.length > maxTemplateNameLength)
      problem.name = `A name can be at most ${maxTemplateNameLength} characters.`;
    else if (seen.has(name.toLowerCase())) problem.name = "Another message has this name: please choose another.";
    if (text === "") problem.text = "Please write the message.";
    else if (text.length > maxTemplateTextLength)
      problem.text = `A message can be at most ${maxTemplateTextLength} characters.`;
    else {
      const unknown = unknownPlaceholders(text);
      if (unknown.length)
        problem.text = `${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not a placeholder: use ${Object.keys(templatePlaceholders).join(", ")}.`;
    }
    seen.add(name.toLowerCase());
    if (problem.name || problem.text) problems[index] = problem;
    else templates.push({ name, text });
  });
  if (templates.length > maxTemplates && Object.keys(problems).length === 0) {
    problems[maxTemplates] = { name: `At most ${maxTemplates} messages: please remove one.` };
  }
  return { templates, problems };
}
