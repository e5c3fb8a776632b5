import { createContext } from "react-router";

/**
 * Values the HTTP server hands to every request (see http/app.ts getLoadContext).
 * Tests build their own RouterContextProvider with these.
 */
export const nonceContext = createContext<string>("");

import type { Database } from "./database.server";

/** The open database (PGlite or PostgreSQL), chosen once by the server. */
export const databaseContext = createContext<Database>();

/** The client's address, from the socket or from the one proxy header the configuration trusts. */
export const clientAddressContext = createContext<string>("unknown");

/** Folder of uploaded and generated images, served at /uploads. */
export const uploadsDirContext = createContext<string>();

/** The small form script (app/client/enhance.ts) in this build: its URL, and its text to write into the page. */
export interface FormScript {
  src: string;
  /** Absent in development (Vite serves the module) or when the text cannot be inlined. */
  code?: string;
}
export const enhanceScriptContext = createContext<FormScript>({ src: "/app/client/enhance.ts" });

import type { MailSettings } from "~/admissions/submissions/notifications.server";

/** E-mail notifications: the SMTP server and sender, or null when they are off (no SMTP_URL). */
export const mailContext = createContext<MailSettings | null>(null);
