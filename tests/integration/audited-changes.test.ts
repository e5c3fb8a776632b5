// Staff changes and their audit entries are stored together or not at all, and changes made
// at the same moment cannot take away the last admin (on PostgreSQL also from two connections,
// as two processes make them).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { saveFollowUp } from "../../app/admissions/submissions/submission-desk.server";
import { createSubmission, getSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { type Database, openDatabase } from "../../app/platform/database.server";
import { getReviews, saveReviews } from "../../app/site/content.server";
import { listAudit } from "../../app/staff/audit-log.server";
import {
  createStaff,
  findStaff,
  listStaff,
  removeStaff,
  resetStaffPassword,
  setStaffRole,
} from "../../app/staff/staff-accounts.server";
import { account } from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

const password = "correct horse battery staple kolam";
const first = "first.admin@sampige-academy.example";
const second = "second.admin@sampige-academy.example";
const operator = "command line (operator)";

describeEachEngine("audited staff changes", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  /** On PostgreSQL a second pool of connections to the same database, as another process has. */
  let other: Database | undefined;
  const otherDb = () => (other ?? test.current.database).db;

  beforeAll(async () => {
    if (test.current.databaseUrl) {
      other = await openDatabase({ dataDir: test.current.dataDir, databaseUrl: test.current.databaseUrl });
    }
  });

  afterAll(async () => {
    await other?.close();
  });

  beforeEach(async () => {
    await test.current.truncate();
    for (const email of [first, second]) {
      const made = await createStaff(test.current.database, { email, role: "admin", password }, operator);
      if (!made.ok) throw new Error(made.error);
    }
  });

  const admins = async () => (await listStaff(db())).filter((entry) => entry.role === "admin").map((a) => a.email);
  const auditActions = async () => (await listAudit(db())).rows.map((entry) => `${entry.action} ${entry.subject}`);

  it("two admins demoting each other at the same moment leave one admin, and one entry", async () => {
    for (let round = 0; round < 5; round++) {
      if (round > 0) await setStaffRole(db(), (await admins()).includes(first) ? second : first, "admin", operator);
      const results = await Promise.all([
        setStaffRole(db(), first, "counsellor", second, ["iot"]),
        setStaffRole(otherDb(), second, "counsellor", first, ["ai"]),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toMatchObject({ error: /is the only admin/ });
      expect(await admins()).toHaveLength(1);
    }
    const demotions = (await auditActions()).filter((entry) => entry.startsWith("staff.set-role"));
    // Five demotions that happened, and the four promotions back between rounds.
    expect(demotions).toHaveLength(9);
  });

  it("removing the last two admins at the same moment removes one of them", async () => {
    const results = await Promise.all([removeStaff(db(), first, operator), removeStaff(otherDb(), second, operator)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
    const [kept] = await admins();
    const gone = kept === first ? second : first;
    expect((await auditActions()).filter((entry) => entry.startsWith("staff.remove"))).toEqual([
      `staff.remove ${gone}`,
    ]);
  });

  it("one admin removed while the other is demoted, at the same moment, leaves one admin", async () => {
    const results = await Promise.all([
      removeStaff(db(), first, operator),
      setStaffRole(otherDb(), second, "counsellor", operator, ["iot"]),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });

  it("a password reset and a removal of the same account at the same moment both answer, and leave no password behind", async () => {
    const counsellor = "counsellor@sampige-academy.example";
    for (let round = 0; round < 3; round++) {
      const made = await createStaff(
        test.current.database,
        { email: counsellor, role: "counsellor", courses: ["iot"], password },
        operator,
      );
      if (!made.ok) throw new Error(made.error);
      const [reset, removed] = await Promise.all([
        resetStaffPassword(test.current.database, counsellor, `${password} again`, first),
        removeStaff(otherDb(), counsellor, second),
      ]);
      expect(removed).toEqual({ ok: true });
      expect([{ ok: true }, { ok: false, error: `There is no account for ${counsellor}.` }]).toContainEqual(reset);
      expect(await findStaff(db(), counsellor)).toBeUndefined();
      expect(await db().select({ id: account.id }).from(account).where(eq(account.accountId, made.user.id))).toEqual(
        [],
      );
    }
  });

  it("an account created while another request removes it is answered as created, not as an error", async () => {
    const counsellor = "counsellor@sampige-academy.example";
    for (let round = 0; round < 3; round++) {
      const creating = createStaff(
        test.current.database,
        { email: counsellor, role: "counsellor", courses: ["iot"], password },
        operator,
      );
      const removing = (async () => {
        while (!(await findStaff(otherDb(), counsellor))) await new Promise((resolve) => setTimeout(resolve, 1));
        return removeStaff(otherDb(), counsellor, second);
      })();
      const [created, removed] = await Promise.all([creating, removing]);
      expect(created).toMatchObject({ ok: true, user: { email: counsellor, role: "counsellor", courses: ["iot"] } });
      expect(removed).toEqual({ ok: true });
    }
  });

  it("stores no change whose audit entry cannot be written", async () => {
    const enquiry = await createSubmission(db(), "enquiry", student(), { submissionToken: "audit-1" });
    const reviewsBefore = await getReviews(db());
    const hashBefore = await passwordHashOf(first);
    // From here the audit log refuses every new entry, as a full disk or a broken table would.
    await db().execute(sql`alter table audit_log add constraint audit_log_refuses check (false) not valid`);
    try {
      const staff = { id: "x", email: first, name: first, role: "admin" as const, sessionId: "x" };
      const attempts: [string, () => Promise<unknown>][] = [
        [
          "create",
          () =>
            createStaff(
              test.current.database,
              { email: "new@sampige-academy.example", role: "counsellor", courses: ["iot"], password },
              operator,
            ),
        ],
        ["set-role", () => setStaffRole(db(), second, "counsellor", operator, ["iot"])],
        [
          "reset-password",
          () => resetStaffPassword(test.current.database, first, "another long passphrase for kolam", operator),
        ],
        ["remove", () => removeStaff(db(), second, operator)],
        [
          "reviews",
          () =>
            saveReviews(db(), [{ name: "R", course: "IoT", text: "Good", rating: 5 }], first, {
              actor: first,
              action: "reviews.update",
              subject: "reviews",
            }),
        ],
        [
          "follow-up",
          () => {
            const form = new FormData();
            form.set("id", String(enquiry.id));
            form.set("status", "contacted");
            form.set("notes", "Called back");
            return saveFollowUp(db(), form, "enquiry", staff);
          },
        ],
      ];
      for (const [name, attempt] of attempts) {
        await expect(attempt(), name).rejects.toThrow();
      }
    } finally {
      await db().execute(sql`alter table audit_log drop constraint audit_log_refuses`);
    }
    expect(await findStaff(db(), "new@sampige-academy.example")).toBeUndefined();
    expect((await listStaff(db())).map((entry) => `${entry.email} ${entry.role}`).sort()).toEqual([
      `${first} admin`,
      `${second} admin`,
    ]);
    expect(await passwordHashOf(first)).toBe(hashBefore);
    expect(await getReviews(db())).toEqual(reviewsBefore);
    expect(await getSubmission(db(), "enquiry", enquiry.id)).toMatchObject({ status: "new", notes: "" });
  });

  async function passwordHashOf(email: string) {
    const found = await findStaff(db(), email);
    if (!found) throw new Error(`No account ${email}`);
    const [row] = await db().select({ password: account.password }).from(account).where(eq(account.userId, found.id));
    return row?.password;
  }
});
