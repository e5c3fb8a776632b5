import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { badForm } from "~/admissions/submissions/submission-desk.server";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import type { Review } from "~/site/content/types";
import { getReviews, saveReviews } from "~/site/content.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/reviews";

export const meta = () => deskMeta("Reviews");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  return { reviews: await getReviews(context.get(databaseContext).db) };
}

const reviewSchema = z.object({
  name: z.string().trim().min(1, "Each review needs a name.").max(80, "Names can be at most 80 characters."),
  course: z.string().trim().max(80, "The course line can be at most 80 characters."),
  text: z
    .string()
    .trim()
    .min(20, "Each review needs at least 20 characters of text.")
    .max(1200, "A review can be at most 1200 characters."),
});

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const form = await readFormBody(request);
  if (!form) return badForm();
  const names = form.getAll("name").map(String);
  const courses = form.getAll("course").map(String);
  const texts = form.getAll("text").map(String);
  const removed = new Set(form.getAll("remove").map(String));
  const reviews: Review[] = [];
  for (let i = 0; i < Math.min(names.length, 50); i++) {
    const entry = { name: names[i] ?? "", course: courses[i] ?? "", text: texts[i] ?? "" };
    if (removed.has(String(i))) continue;
    // The blank row for a new review is left out when nothing was typed in it.
    if (!entry.name.trim() && !entry.text.trim() && !entry.course.trim()) continue;
    const parsed = reviewSchema.safeParse(entry);
    if (!parsed.success) {
      return data(
        { ok: false as const, error: `Review ${i + 1}: ${parsed.error.issues[0]?.message}` },
        { status: 400 },
      );
    }
    reviews.push({ ...parsed.data, rating: 5 });
  }
  if (reviews.length === 0) return data({ ok: false as const, error: "Keep at least one review." }, { status: 400 });
  const { db } = context.get(databaseContext);
  await saveReviews(db, reviews, staff.email, {
    actor: staff.email,
    action: "reviews.update",
    subject: "reviews",
    detail: { count: reviews.length },
  });
  return { ok: true as const, message: `Saved ${reviews.length} reviews. The reviews page shows them now.` };
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const rows = [...loaderData.reviews, { name: "", course: "", text: "", rating: 5 as const }];
  return (
    <div className="space-y-6">
      <h1 className="page-title">Reviews</h1>
      <p>
        Five-star testimonials shown on the{" "}
        <a href="/about/review" target="_blank" rel="noreferrer">
          Testimonial page
        </a>
        . Tick "Remove this review" to take one down; fill the last block to add one. Changes show there at once.
      </p>
      <Form method="post" className="space-y-4" key={actionData?.ok ? actionData.message : "reviews"}>
        {rows.map((review, index) => (
          <fieldset key={`${index}-${review.name}`} className="desk-form">
            <legend className="font-bold">
              {review.name ? `Review ${index + 1}: ${review.name}` : "Add a review"}
            </legend>
            <label>
              Name
              <input name="name" defaultValue={review.name} maxLength={80} />
            </label>
            <label>
              Course and batch
              <input name="course" defaultValue={review.course} maxLength={80} />
            </label>
            <label>
              Text
              <textarea name="text" rows={5} defaultValue={review.text} maxLength={1200} />
            </label>
            {review.name ? (
              <label className="checkbox-row font-normal">
                <input type="checkbox" name="remove" value={index} /> Remove this review
              </label>
            ) : null}
          </fieldset>
        ))}
        <p className="desk-form-actions">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Loading..." : "Save reviews"}
          </button>
          {actionData ? (
            <span
              role={actionData.ok ? "status" : "alert"}
              className={`desk-result desk-result-${actionData.ok ? "ok" : "error"}`}
            >
              {actionData.ok ? actionData.message : `Error: ${actionData.error}`}
            </span>
          ) : null}
        </p>
      </Form>
    </div>
  );
}
