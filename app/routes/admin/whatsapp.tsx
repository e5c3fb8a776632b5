import { data, Form, redirect } from "react-router";
import { badForm } from "~/admissions/submissions/submission-desk.server";
import {
  checkTemplates,
  fillTemplate,
  maxTemplateNameLength,
  maxTemplates,
  maxTemplateTextLength,
  type TemplateProblems,
  templatePlaceholders,
} from "~/admissions/whatsapp/whatsapp-templates";
import { loadWhatsappTemplates, saveWhatsappTemplates } from "~/admissions/whatsapp/whatsapp-templates.server";
import { deskMeta } from "~/components/desk/desk-meta";
import { FormMessage } from "~/components/forms";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { maxFormBytes, readLimitedForm } from "~/platform/form-data.server";
import { indianNumber } from "~/platform/indian-numbers";
import { auditedChange } from "~/staff/audit-log.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/whatsapp";

/** The WhatsApp messages counsellors start a chat with, from a student's record. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  return {
    templates: await loadWhatsappTemplates(context.get(databaseContext).db),
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

type Refused = { ok: false; error: string; problems: TemplateProblems; rows: { name: string; text: string }[] };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const form = await readLimitedForm(request, maxFormBytes);
  if (form === "too-large") {
    // Nothing of it was read: the page keeps the saved messages, and with JavaScript what was typed.
    return data(
      {
        ok: false as const,
        error: `That was too large to save (over ${maxFormBytes / 1024 / 1024} MB): a message can be at most ${indianNumber(maxTemplateTextLength)} characters. Please shorten it; nothing was saved.`,
      },
      { status: 413 },
    );
  }
  if (!form) return badForm();
  const names = form.getAll("name").map((value) => String(value).slice(0, 5000));
  const texts = form.getAll("text").map((value) => String(value).slice(0, 10_000));
  const rows = names.slice(0, maxTemplates + 4).map((name, index) => ({ name, text: texts[index] ?? "" }));
  const { templates, problems } = checkTemplates(rows);
  if (Object.keys(problems).length > 0) {
    return data<Refused>(
      { ok: false, error: "Please fix the messages marked below: nothing was saved.", problems, rows },
      { status: 400 },
    );
  }
  if (templates.length === 0) {
    return data<Refused>(
      {
        ok: false,
        error: "Please keep at least one message.",
        problems: { 0: { text: "Please write the message." } },
        rows,
      },
      { status: 400 },
    );
  }
  await auditedChange(context.get(databaseContext).db, (tx) => saveWhatsappTemplates(tx, templates), {
    actor: staff.email,
    action: "whatsapp-templates.update",
    subject: "WhatsApp messages",
    detail: { messages: templates.map((template) => template.name).join(", ") },
  });
  return redirect("/admin/whatsapp?saved");
}

export function meta() {
  return deskMeta("WhatsApp messages");
}

const example = { name: "Priya Raman", course: "IoT", institute: site.name, counsellor: "Asha" };

export default function WhatsappTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && !actionData.ok && "rows" in actionData ? (actionData as Refused) : undefined;
  const rows = refused?.rows ?? loaderData.templates;
  // Two empty rows to add a message (up to the limit).
  const shown = [...rows, { name: "", text: "" }, { name: "", text: "" }].slice(0, Math.max(rows.length, maxTemplates));
  return (
    <div className="space-y-4">
      <h1 className="page-title">WhatsApp messages</h1>
      <p>
        A student's record offers these messages as WhatsApp chats with the student: the text opens in WhatsApp, where
        the counsellor can still change it before sending. Up to {maxTemplates} messages. These words are filled in:
      </p>
      <ul className="record-duplicates">
        {Object.entries(templatePlaceholders).map(([word, meaning]) => (
          <li key={word}>
            <code>{word}</code>: {meaning}
          </li>
        ))}
      </ul>
      {loaderData.saved && !refused ? <FormMessage tone="success">Messages saved.</FormMessage> : null}
      {actionData && !actionData.ok ? (
        <p role="alert" className="form-alert">
          Error: {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="space-y-4">
        {shown.map((row, index) => {
          const problem = refused?.problems[index];
          return (
            <fieldset key={index} className="record-panel desk-form whatsapp-template">
              <legend className="font-bold">Message {index + 1}</legend>
              <label>
                Name (what the counsellor sees)
                <input
                  type="text"
                  name="name"
                  defaultValue={row.name}
                  maxLength={maxTemplateNameLength}
                  aria-invalid={problem?.name ? true : undefined}
                  aria-describedby={`template-${index}-name-error`}
                />
              </label>
              <p id={`template-${index}-name-error`} className="field-error">
                {problem?.name}
              </p>
              <label>
                Text
                <textarea
                  name="text"
                  rows={3}
                  defaultValue={row.text}
                  maxLength={maxTemplateTextLength}
                  aria-invalid={problem?.text ? true : undefined}
                  aria-describedby={`template-${index}-text-error template-${index}-example`}
                />
              </label>
              <p id={`template-${index}-text-error`} className="field-error">
                {problem?.text}
              </p>
              {row.text && !problem ? (
                <p id={`template-${index}-example`} className="desk-hint">
                  For example: {fillTemplate(row.text, example)}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <p className="desk-hint">Clear a message's name and text to remove it.</p>
        <button type="submit" className="btn-primary">
          Save messages
        </button>
      </Form>
    </div>
  );
}
