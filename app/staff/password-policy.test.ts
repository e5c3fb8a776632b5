import { describe, expect, it } from "vitest";
import {
  compactPassword,
  isRepetitive,
  isSequence,
  passwordLength,
  passwordMessages,
  passwordProblem,
} from "./password-policy";

describe("the staff password rules", () => {
  it("accepts a long phrase of any characters, without composition rules", () => {
    expect(passwordProblem("correct horse battery staple kolam")).toBeNull();
    expect(passwordProblem("mango rasam on rainy tuesdays")).toBeNull();
    expect(passwordProblem("ನಮಸ್ಕಾರ ಬೆಂಗಳೂರು ಮಳೆ ಬಂತು")).toBeNull();
    expect(passwordProblem("வணக்கம் சென்னை கடற்கரை")).toBeNull();
  });

  it("asks for at least 15 characters, counted as code points", () => {
    expect(passwordProblem("")).toBe(passwordMessages.tooShort);
    expect(passwordProblem("fourteen chars")).toBe("Use at least 15 characters.");
    expect(passwordProblem("fifteen chars!!")).toBeNull();
    // 14 emoji are 28 UTF-16 units but 14 characters.
    expect(passwordLength("🐘🥭🌧🐘🥭🌧🐘🥭🌧🐘🥭🌧🐘🥭")).toBe(14);
    expect(passwordProblem("🐘🥭🌧🐘🥭🌧🐘🥭🌧🐘🥭🌧🐘🥭")).toBe(passwordMessages.tooShort);
  });

  it("allows up to 128 characters", () => {
    const words = "monsoon filter coffee tastes best in malleshwaram ";
    const phrase = words.repeat(3).slice(0, 128);
    expect(passwordLength(phrase)).toBe(128);
    expect(passwordProblem(phrase)).toBeNull();
    expect(passwordProblem(`${phrase}x`)).toBe("Use at most 128 characters.");
  });

  it("refuses one character repeated, a repeated short piece, or very few different characters", () => {
    expect(passwordProblem("aaaaaaaaaaaaaaaaaaaa")).toBe(passwordMessages.pattern);
    expect(passwordProblem("                    ")).toBe(passwordMessages.pattern);
    expect(passwordProblem("abcabcabcabcabcabc")).toBe(passwordMessages.pattern);
    expect(passwordProblem("iloveyouiloveyou")).toBe(passwordMessages.pattern);
    expect(passwordProblem("ababababbababababa")).toBe(passwordMessages.pattern);
    expect(isRepetitive("abcdefghijklmnoa")).toBe(false);
  });

  it("refuses keyboard and number sequences", () => {
    for (const sequence of [
      "123456789012345",
      "1234567890987654321",
      "qwertyuiopasdfghjkl",
      "abcdefghijklmnopqrstuvwxyz",
      "zyxwvutsrqponmlkjihg",
      "1qaz2wsx3edc4rfv",
      "1q2w3e4r5t6y7u8i9o0p",
      "qwerty uiop asdfg",
    ]) {
      expect(passwordProblem(sequence), sequence).toBe(passwordMessages.pattern);
    }
    expect(isSequence("correcthorsebatterystaple")).toBe(false);
  });

  it("refuses the institute's name and the account's e-mail local part", () => {
    expect(passwordProblem("i study at Sampige every day")).toBe(passwordMessages.institute);
    expect(passwordProblem("SAMPIGE-tech-academy-2027")).toBe(passwordMessages.institute);
    expect(passwordProblem("priya.raman likes long walks", { email: "priya.raman@example.in" })).toBe(
      passwordMessages.email,
    );
    expect(passwordProblem("PriyaRaman likes long walks", { email: "priya.raman@example.in" })).toBe(
      passwordMessages.email,
    );
    expect(passwordProblem("priya likes long walks home", { email: "priya.raman@example.in" })).toBeNull();
  });

  it("compares passwords normalised: NFKC, lower case, without spaces and separators", () => {
    expect(compactPassword("Pass Word_Pass-Word.")).toBe("passwordpassword");
    expect(compactPassword("ｐａｓｓｗｏｒｄ")).toBe("password");
  });
});
