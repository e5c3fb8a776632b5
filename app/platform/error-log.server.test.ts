import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorForLog } from "./error-log.server";

describe("errorForLog", () => {
  const form = ["registration", '{"name":"Kavya Shetty","email":"kavya.shetty@example.in"}', "9845012345"];

  it("keeps a failed statement's reason, code and text, and leaves out its values", () => {
    const reason = Object.assign(new Error('duplicate key value violates unique constraint "students_pkey"'), {
      code: "23505",
      detail: "Key (email)=(kavya.shetty@example.in) already exists.",
    });
    const logged = errorForLog(new DrizzleQueryError("select * from file_submission($1, $2::jsonb, $3)", form, reason));
    expect(logged).toContain('duplicate key value violates unique constraint "students_pkey"');
    expect(logged).toContain("[23505]");
    expect(logged).toContain(
      "in the statement: select * from file_submission($1, $2::jsonb, $3) (its 3 values are not logged)",
    );
    for (const value of ["Kavya", "kavya.shetty@example.in", "9845012345"]) expect(logged).not.toContain(value);
  });

  it("finds a failed statement among an error's causes", () => {
    const failed = new DrizzleQueryError("select $1", ["9845012345"], new Error("Connection terminated unexpectedly"));
    const logged = errorForLog(new Error("Filing the group failed", { cause: failed }));
    expect(logged).toMatch(/^Error: Filing the group failed\n {4}at /);
    expect(logged).toContain("caused by: Error: Connection terminated unexpectedly");
    expect(logged).not.toContain("9845012345");
  });

  it("logs other errors with their stack, and what was thrown when it is not an error", () => {
    expect(errorForLog(new TypeError("x is not a function"))).toMatch(/^TypeError: x is not a function\n {4}at /);
    expect(errorForLog("the mail server said no")).toBe("the mail server said no");
    expect(errorForLog({ email: "kavya.shetty@example.in" })).toBe("a thrown object");
  });
});
