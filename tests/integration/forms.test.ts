// The two public forms' actions, called with real requests on both engines: stored once,
// bad input refused with the messages and the values kept, a failed write never reported
// as a success.
import { beforeEach, expect, it, vi } from "vitest";
import { listSubmissions } from "../../app/admissions/submissions/submission-repository.server";
import { messages } from "../../app/admissions/submissions/submission-schema";
import { onSubmission } from "../../app/platform/events.server";
import { action as contactAction } from "../../app/routes/contact";
import { action as registerAction } from "../../app/routes/online/register";
import { createTestDatabase, describeEachEngine, useTestDatabase } from "./databases";
import { actionContext, formPost, settle, studentFormFields } from "./fixtures";

const site = "http://localhost:3000";
// As typed: spaces around the name, capitals in the e-mail, the mobile number grouped.
const good = {
  ...studentFormFields,
  name: "  Kavya Shetty  ",
  email: "Kavya.Shetty@Example.com",
  mobile: "98450 12345",
};

describeEachEngine("public forms", (engine) => {
  const test = useTestDatabase(engine);
  const database = () => test.current.database;
  const contact = (fields: Record<string, string>, type?: string, cookie?: string) =>
    settle(() =>
      contactAction({
        request: formPost(`${site}/contact`, fields, type, cookie),
        context: actionContext(database()),
        params: {},
      } as never),
    );
  const register = (fields: Record<string, string>) =>
    settle(() =>
      registerAction({
        request: formPost(`${site}/online/register`, fields),
        context: actionContext(database()),
        params: {},
      } as never),
    );

  beforeEach(async () => {
    await test.current.truncate();
  });

  it("stores a good enquiry once, normalised, and announces it to open staff tables", async () => {
    const heard = vi.fn();
    const stop = onSubmission(heard);
    const token = crypto.randomUUID();
    const first = await contact({ ...good, token });
    const again = await contact({ ...good, token });
    stop();
    expect(first).toMatchObject({ status: 302, location: "/contact?submitted=1" });
    expect(again).toMatchObject({ status: 302 });
    const { rows } = await listSubmissions(database().db, "enquiry");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Kavya Shetty", email: "kavya.shetty@example.com", mobile: "9845012345" });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("stores a form sent again from the same page with other details as a new entry", async () => {
    // Back to the page after sending it, then someone else's details in the same form.
    const token = crypto.randomUUID();
    const first = await contact({ ...good, token });
    const other = { ...good, name: "Ravi Kumar", email: "ravi.kumar@example.in", mobile: "9900112233", token };
    const second = await contact(other);
    const secondAgain = await contact(other);
    expect([first.status, second.status, secondAgain.status]).toEqual([302, 302, 302]);
    const { rows } = await listSubmissions(database().db, "enquiry");
    expect(rows.map((row) => row.name).sort()).toEqual(["Kavya Shetty", "Ravi Kumar"]);

    const registration = { ...good, course: "iot", token: crypto.randomUUID() };
    await register(registration);
    await register({ ...registration, course: "ai" });
    await register({ ...registration, course: "ai" });
    const registrations = await listSubmissions(database().db, "registration");
    expect(registrations.rows.map((row) => row.course).sort()).toEqual(["ai", "iot"]);
  });

  it("stores a registration with its course lower-cased and confirms with the course", async () => {
    const result = await register({ ...good, course: "python fullstack", token: crypto.randomUUID() });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/online/register?submitted=python%20fullstack");
    const { rows } = await listSubmissions(database().db, "registration");
    expect(rows.map((r) => r.course)).toEqual(["python fullstack"]);
  });

  it("answers bad input with 400, the messages and every value, and stores nothing", async () => {
    const empty = await contact({});
    expect(empty.status).toBe(400);
    expect(empty.data.formError).toBe(messages.fillAllFields);
    const hostile = {
      ...good,
      name: "x".repeat(10_000),
      email: "<b>not an email</b>",
      mobile: "12345",
      stream: "'; DROP TABLE enquiries; --",
      district: "Kottayam",
    };
    const bad = await contact(hostile);
    expect(bad.status).toBe(400);
    expect(bad.data.formError).toBe(messages.fixErrors);
    expect(bad.data.fieldErrors).toMatchObject({
      email: messages.emailInvalid,
      mobile: messages.mobileInvalid,
      stream: messages.streamRequired,
      district: messages.districtRequired,
    });
    expect(bad.data.values.email).toBe("<b>not an email</b>");
    const control = await register({ ...good, name: "Asha\u0000K", course: "cobol" });
    expect(control.status).toBe(400);
    expect(control.data.fieldErrors).toHaveProperty("name");
    expect(control.data.fieldErrors).toHaveProperty("course");
    expect((await listSubmissions(database().db, "enquiry")).total).toBe(0);
    expect((await listSubmissions(database().db, "registration")).total).toBe(0);
  });

  it("stores nothing without the consent box ticked, and says why beside it", async () => {
    const { consent: _, ...unticked } = good;
    const result = await contact(unticked);
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ consent: messages.consentRequired });
    expect(result.data.formError).toBe(messages.fixErrors);
    expect(result.data.values).toMatchObject({ name: good.name, district: good.district, consent: "" });
    expect((await listSubmissions(database().db, "enquiry")).total).toBe(0);
  });

  it("stores a student under 18 with the guardian's name, mobile and consent, and refuses one without", async () => {
    const minor = { ...good, under18: "yes", token: crypto.randomUUID() };
    const refused = await contact(minor);
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({
      guardianName: messages.guardianNameRequired,
      guardianMobile: messages.guardianMobileRequired,
      guardianConsent: messages.guardianConsentRequired,
    });
    expect(refused.data.values.under18).toBe("yes");
    const stored = await contact({
      ...minor,
      guardianName: " Suma Shetty ",
      guardianMobile: "98860 11223",
      guardianConsent: "yes",
    });
    expect(stored.status).toBe(302);
    const { rows } = await listSubmissions(database().db, "enquiry");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      under18: true,
      guardianName: "Suma Shetty",
      guardianMobile: "9886011223",
      guardianConsent: true,
    });
  });

  it("records where the student first landed from the first-touch cookie, and ignores a forged one", async () => {
    const landed = `first_touch=${new URLSearchParams({ p: "/courses/iot", s: "Google", m: "cpc", c: "winter-batch" })}`;
    await contact({ ...good, token: crypto.randomUUID() }, undefined, landed);
    const forged = `first_touch=${new URLSearchParams({ p: "/admin", s: "<script>", c: "x" })}`;
    await contact({ ...good, token: crypto.randomUUID() }, undefined, forged);
    await contact({ ...good, token: crypto.randomUUID() });
    const { rows } = await listSubmissions(database().db, "enquiry");
    const sources = rows.map((r) => [r.landingPage, r.utmSource, r.utmMedium, r.utmCampaign].join("|")).sort();
    expect(sources).toEqual(["/courses/iot|google|cpc|winter-batch", "|<script>||x", "|||"].sort());
  });

  it("refuses a body that is not a form with 415", async () => {
    const result = await contact(good, "application/json");
    expect(result.status).toBe(415);
  });

  it("accepts a filled honeypot silently and keeps nothing", async () => {
    const result = await contact({ ...good, website: "https://spam.example" });
    expect(result.status).toBe(302);
    expect((await listSubmissions(database().db, "enquiry")).total).toBe(0);
  });

  it("never reports success when the write fails, and keeps every field", async () => {
    // A real database that has gone away under the site.
    const gone = await createTestDatabase(engine);
    await gone.database.close();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await settle(() =>
      contactAction({
        request: formPost(`${site}/contact`, { ...good, token: crypto.randomUUID() }),
        context: actionContext(gone.database),
        params: {},
      } as never),
    );
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
    await gone.destroy();
    expect(result.status).toBe(503);
    expect(result.data.formError).toMatch(/was not sent/);
    expect(result.data.values).toMatchObject({ name: good.name, email: good.email, district: good.district });
  });

  it("lets one address send 60 forms in ten minutes, then answers 429 and keeps the values", async () => {
    const college = `college-wifi-${engine}`;
    const send = () =>
      settle(() =>
        contactAction({
          request: formPost(`${site}/contact`, { name: "Same Network" }),
          context: actionContext(database(), { address: college }),
          params: {},
        } as never),
      );
    for (let i = 0; i < 60; i++) expect((await send()).status).toBe(400);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.data.formError).toMatch(/Too many forms have been sent from your network/);
    expect(refused.data.values.name).toBe("Same Network");
  });
});
