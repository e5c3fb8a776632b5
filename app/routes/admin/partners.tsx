import { data, Form, useNavigation } from "react-router";
import { deskMeta } from "~/components/desk/desk-meta";
import { ActionMessage } from "~/components/forms";
import { databaseContext, uploadsDirContext } from "~/platform/context.server";
import { maxUploadBytes, readLimitedForm, storeImage, UploadRefused, uploadRefusals } from "~/platform/images.server";
import { ImageInput } from "~/site/components/image-input";
import type { Partner } from "~/site/content/types";
import { getPartners, savePartners } from "~/site/content.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/partners";

export const meta = () => deskMeta("Placement partners");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  return { partners: await getPartners(context.get(databaseContext).db) };
}

type Result = { ok: true; message: string } | { ok: false; error: string; name?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const { db } = context.get(databaseContext);
  const form = await readLimitedForm(request, maxUploadBytes + 100_000);
  if (form === "too-large") return data<Result>({ ok: false, error: uploadRefusals.tooLarge }, { status: 413 });
  if (!form) return data<Result>({ ok: false, error: "Please send the form from the page." }, { status: 415 });
  const partners = await getPartners(db);

  switch (form.get("intent")) {
    case "remove": {
      const name = String(form.get("name") ?? "");
      const kept = partners.filter((p) => p.name !== name);
      if (kept.length === partners.length)
        return data<Result>({ ok: false, error: "That partner is no longer listed." }, { status: 404 });
      await savePartners(db, kept, staff.email, { actor: staff.email, action: "partner.remove", subject: name });
      return data<Result>({ ok: true, message: `${name} removed from the partners page.` });
    }
    case "add": {
      const name = String(form.get("name") ?? "").trim();
      if (!name || name.length > 80) {
        return data<Result>(
          { ok: false, error: "Please enter the company name (at most 80 characters).", name },
          { status: 400 },
        );
      }
      if (partners.some((p) => p.name.toLowerCase() === name.toLowerCase())) {
        return data<Result>({ ok: false, error: `${name} is already listed.`, name }, { status: 400 });
      }
      const file = form.get("logo");
      if (!(file instanceof File) || file.size === 0) {
        return data<Result>({ ok: false, error: "Please choose the company's logo.", name }, { status: 400 });
      }
      let logo: Partner["logo"];
      try {
        const stored = await storeImage(file, {
          uploadsDir: context.get(uploadsDirContext),
          folder: "partners",
          slug: name,
          widths: [240, 480],
          aspect: 2,
          fit: "contain",
        });
        logo = { src: `/uploads/${stored.key}-480.webp`, width: 240, height: 120, alt: `${name} logo` };
      } catch (error) {
        if (error instanceof UploadRefused)
          return data<Result>({ ok: false, error: error.message, name }, { status: 400 });
        throw error;
      }
      await savePartners(db, [...partners, { name, logo }], staff.email, {
        actor: staff.email,
        action: "partner.add",
        subject: name,
      });
      return data<Result>({ ok: true, message: `${name} added to the partners page.` });
    }
    default:
      return data<Result>({ ok: false, error: "Unknown action." }, { status: 400 });
  }
}

export default function AdminPartners({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-8">
      <h1 className="page-title">Placement partners</h1>
      <ActionMessage result={actionData} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="desk-form"
        aria-labelledby="add-partner"
        key={actionData?.ok ? `added-${loaderData.partners.length}` : "add"}
      >
        <h2 id="add-partner" className="text-xl font-bold">
          Add a partner
        </h2>
        <input type="hidden" name="intent" value="add" />
        <label>
          Company name
          <input
            name="name"
            maxLength={80}
            defaultValue={actionData && !actionData.ok ? (actionData.name ?? "") : ""}
          />
        </label>
        <ImageInput
          name="logo"
          label="Logo (JPEG, PNG, WebP or AVIF, at most 5 MB; shown on white, 2:1)"
          errorId="logo-error"
        />
        <p>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Loading..." : "Add partner"}
          </button>
        </p>
      </Form>
      <section aria-labelledby="listed-partners">
        <h2 id="listed-partners" className="mb-3 text-xl font-bold">
          On the partners page ({loaderData.partners.length})
        </h2>
        <ul className="desk-cards">
          {loaderData.partners.map((partner) => (
            <li key={partner.name} className="desk-form">
              <img
                src={partner.logo.src}
                width={partner.logo.width}
                height={partner.logo.height}
                alt={partner.logo.alt}
              />
              <details>
                <summary className="cursor-pointer">Remove {partner.name}…</summary>
                <Form method="post" encType="multipart/form-data" className="mt-2">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="name" value={partner.name} />
                  <button type="submit" className="btn-secondary">
                    Yes, remove {partner.name}
                  </button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
