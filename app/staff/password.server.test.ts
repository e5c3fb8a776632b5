import { argon2Sync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  argon2idParameters,
  commonPasswords,
  hashPassword,
  isCommonPassword,
  newPasswordProblem,
  verifyPassword,
} from "./password.server";
import { passwordMessages } from "./password-policy";

const phrase = "correct horse battery staple kolam";

describe("password hashing", () => {
  it("stores argon2id with 19 MiB, 2 passes, 1 lane as a PHC string", async () => {
    const hash = await hashPassword(phrase);
    const match = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$/.exec(hash);
    expect(match, hash).not.toBeNull();
    expect(argon2idParameters).toMatchObject({ memory: 19_456, passes: 2, parallelism: 1 });
    // The same derivation, recomputed independently from the stored salt.
    const salt = Buffer.from(match?.[1] ?? "", "base64");
    const key = argon2Sync("argon2id", {
      message: phrase,
      nonce: salt,
      memory: 19_456,
      passes: 2,
      parallelism: 1,
      tagLength: 32,
    });
    expect(key.toString("base64").replace(/=+$/, "")).toBe(match?.[2]);
  });

  it("salts every hash", async () => {
    expect(await hashPassword(phrase)).not.toBe(await hashPassword(phrase));
  });

  it("verifies the right password and refuses others", async () => {
    const hash = await hashPassword(phrase);
    expect(await verifyPassword({ hash, password: phrase })).toBe(true);
    expect(await verifyPassword({ hash, password: `${phrase} ` })).toBe(false);
    expect(await verifyPassword({ hash, password: "Correct horse battery staple kolam" })).toBe(false);
    expect(await verifyPassword({ hash, password: "" })).toBe(false);
  });

  it("matches a phrase typed in another Unicode form (NFKC)", async () => {
    const hash = await hashPassword("café au lait at koramangala");
    expect(await verifyPassword({ hash, password: "cafe\u0301 au lait at koramangala" })).toBe(true);
  });

  it("refuses malformed or out-of-bounds hashes without throwing", async () => {
    const hash = await hashPassword(phrase);
    for (const broken of [
      "",
      "not a hash",
      hash.replace("argon2id", "argon2i"),
      hash.replace("v=19", "v=16"),
      hash.replace("m=19456", "m=99999999"),
      hash.replace("t=2", "t=500"),
      hash.slice(0, -10),
      `${hash}$extra`,
      "$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234",
    ]) {
      expect(await verifyPassword({ hash: broken, password: phrase }), broken).toBe(false);
    }
  });

  it("verifies hashes made with other argon2id parameters (older settings keep working)", async () => {
    const salt = Buffer.alloc(16, 7);
    const key = argon2Sync("argon2id", {
      message: phrase,
      nonce: salt,
      memory: 65_536,
      passes: 3,
      parallelism: 4,
      tagLength: 32,
    });
    const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");
    const hash = `$argon2id$v=19$m=65536,t=3,p=4$${b64(salt)}$${b64(key)}`;
    expect(await verifyPassword({ hash, password: phrase })).toBe(true);
  });
});

describe("the list of commonly used passwords", () => {
  it("is bundled, normalised and long enough to matter", async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThan(5_000);
    for (const entry of list) {
      expect(entry, entry).toBe(entry.toLowerCase());
      expect(entry, entry).not.toMatch(/[\s._-]/);
    }
  });

  it("catches common long passwords however they are written", async () => {
    for (const common of [
      "passwordpassword",
      "123456789012345",
      "qwertyuiopasdfghjkl",
      "iloveyouiloveyou",
      "PasswordPassword",
      "i love you i love you",
      "correct-horse-battery-staple",
      "manchesterunited",
    ]) {
      expect(await isCommonPassword(common), common).toBe(true);
      expect(await newPasswordProblem(common), common).toBe(passwordMessages.common);
    }
    expect(await isCommonPassword(phrase)).toBe(false);
  });

  it("applies the rules first for length, then the list, then the other rules", async () => {
    expect(await newPasswordProblem("password")).toBe(passwordMessages.tooShort);
    expect(await newPasswordProblem(phrase)).toBeNull();
    expect(await newPasswordProblem("ಮಳೆಮಳೆಮಳೆಮಳೆಮಳೆಮಳೆ")).toBe(passwordMessages.pattern);
    expect(await newPasswordProblem("admin likes long walks home", { email: "admin@sampige-academy.example" })).toBe(
      passwordMessages.email,
    );
  });
});
