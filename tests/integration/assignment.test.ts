// Assignment on arrival, on both engines: a course's pool in turn, fair over many arrivals,
// skipping accounts away; a returning student stays with their owner; with nobody available
// the record waits unassigned. Moving someone's students leaves a reason on each timeline.
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { reassignRecords, setAway, setPool } from "../../app/admissions/assignment/assignment.server";
import { everyRecord } from "../../app/admissions/records/record-scope.server";
import { listStudentRecords } from "../../app/admissions/records/student-records.server";
import { recordTimeline } from "../../app/admissions/records/student-timeline.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { createStaff } from "../../app/staff/staff-accounts.server";
import { students } from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const password = "correct horse battery staple kolam";

describeEachEngine("assignment on arrival", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  let counsellors: string[] = [];
  let arrivals = 0;

  beforeEach(async () => {
    await test.current.truncate();
    counsellors = [];
    for (const name of ["anita", "bharath", "chitra"]) {
      const created = await createStaff(
        test.current.database,
        { email: `${name}@sampige.example`, name, role: "counsellor", courses: ["iot"], password },
        "tests",
      );
      if (!created.ok) throw new Error(created.error);
      counsellors.push(created.user.id);
    }
  }, 60_000);

  /** A new student (a fresh mobile and e-mail) registering for a course; answers the record's owner. */
  async function arrive(course: "iot" | "ai" = "iot", contact?: { mobile: string; email: string }) {
    arrivals += 1;
    const mobile = contact?.mobile ?? `8${String(arrivals).padStart(9, "0")}`;
    const email = contact?.email ?? `s${arrivals}@example.in`;
    const stored = await createSubmission(db(), "registration", student({ course, mobile, email }), {
      submissionToken: `arrival-${arrivals}`,
    });
    const [record] = await db()
      .select()
      .from(students)
      .where(eq(students.id, stored.studentId as number));
    return record?.ownerId ?? null;
  }

  it("gives a course's new students to its pool in turn, evenly over 1,000 arrivals", {
    timeout: 300_000,
  }, async () => {
    await setPool(db(), "iot", counsellors);
    const counts = new Map<string | null, number>();
    const order: (string | null)[] = [];
    for (let index = 0; index < 1000; index++) {
      const owner = await arrive();
      order.push(owner);
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    expect(counts.get(null)).toBeUndefined();
    expect([...counts.values()].sort()).toEqual([333, 333, 334]);
    // Strictly in turn: no one gets two in a row.
    expect(order.every((owner, index) => index === 0 || owner !== order[index - 1])).toBe(true);
  });

  it("skips an account marked away, and includes it again once it is back", async () => {
    await setPool(db(), "iot", counsellors);
    await setAway(db(), counsellors[1] as string, true);
    const owners = [await arrive(), await arrive(), await arrive(), await arrive()];
    expect(owners.includes(counsellors[1] as string)).toBe(false);
    expect(new Set(owners).size).toBe(2);
    await setAway(db(), counsellors[1] as string, false);
    const next = [await arrive(), await arrive(), await arrive()];
    expect(next).toContain(counsellors[1]);
  });

  it("keeps a returning student with their owner, whatever the turn", async () => {
    await setPool(db(), "iot", counsellors);
    const first = await arrive("iot", { mobile: "9123456780", email: "back@example.in" });
    await arrive();
    const again = await arrive("iot", { mobile: "+91 91234 56780", email: "other@example.in" });
    expect(again).toBe(first);
  });

  it("leaves the record unassigned when nobody in the pool is available, or the course has no pool", async () => {
    expect(await arrive("ai")).toBeNull();
    await setPool(db(), "iot", [counsellors[0] as string]);
    await setAway(db(), counsellors[0] as string, true);
    expect(await arrive("iot")).toBeNull();
    const { total } = await listStudentRecords(db(), { owner: "unassigned" }, everyRecord);
    expect(total).toBe(2);
  });

  it("gives new students arriving at the same moment to the pool in turn, each record once", async () => {
    await setPool(db(), "iot", counsellors);
    const stored = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        createSubmission(
          db(),
          index % 2 ? "enquiry" : "registration",
          student({
            course: "iot",
            mobile: `70000000${String(index).padStart(2, "0")}`,
            email: `t${index}@example.in`,
          }),
          { submissionToken: `together-${index}` },
        ),
      ),
    );
    expect(stored.every((row) => !row.duplicate && row.owner?.assigned === true)).toBe(true);
    const owners = new Map<string, number>();
    for (const row of stored) owners.set(row.owner?.id as string, (owners.get(row.owner?.id as string) ?? 0) + 1);
    expect([...owners.keys()].sort()).toEqual([...counsellors].sort());
    expect([...owners.values()]).toEqual([4, 4, 4]);
    // Each record is written once, with its owner: its form's entry, then the owner's, at version 2.
    for (const row of stored) {
      const entries = await recordTimeline(db(), row.studentId as number);
      expect(entries.map((entry) => entry.kind).sort()).toEqual(["owner", "submission"]);
      const [record] = await db()
        .select()
        .from(students)
        .where(eq(students.id, row.studentId as number));
      expect(record).toMatchObject({ ownerId: row.owner?.id, version: 2, courses: ["iot"] });
    }
  });

  it("files two forms of one new student arriving together on one record, given to one counsellor once", async () => {
    await setPool(db(), "iot", counsellors);
    const [a, b] = await Promise.all(
      ["9400000001", "+91 94000 00001"].map((mobile, index) =>
        createSubmission(db(), "registration", student({ course: "iot", mobile, email: `pair${index}@example.in` }), {
          submissionToken: `pair-${index}`,
        }),
      ),
    );
    expect(a?.studentId).toBe(b?.studentId);
    expect(a?.owner?.id).toBe(b?.owner?.id);
    expect([a?.owner?.assigned, b?.owner?.assigned].sort()).toEqual([false, true]);
    const entries = await recordTimeline(db(), a?.studentId as number);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(["owner", "submission", "submission"]);
    const [record] = await db()
      .select()
      .from(students)
      .where(eq(students.id, a?.studentId as number));
    expect(record?.emails.sort()).toEqual(["pair0@example.in", "pair1@example.in"]);
    // The next new student goes to the next counsellor: the pair took one turn.
    const next = await arrive();
    expect(next).not.toBe(a?.owner?.id);
    expect(await db().select().from(students)).toHaveLength(2);
  });

  it("moves many records to another owner with a reason on each timeline", async () => {
    await setPool(db(), "iot", [counsellors[0] as string]);
    await arrive();
    await arrive();
    const ids = (await db().select({ id: students.id }).from(students)).map((row) => row.id);
    const moved = await reassignRecords(db(), ids, counsellors[2] as string, "Anita is leaving", {
      id: "admin",
      email: "head@sampige.example",
    });
    expect(moved).toHaveLength(2);
    for (const id of ids) {
      const [entry] = await recordTimeline(db(), id);
      expect(entry).toMatchObject({
        kind: "owner",
        actorLabel: "head@sampige.example",
        detail: expect.objectContaining({ from: counsellors[0], to: counsellors[2], reason: "Anita is leaving" }),
      });
    }
  });
});
