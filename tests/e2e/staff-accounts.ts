/** Staff accounts the browser tests sign in with; created from the CLI before the server starts. */
export const staffPassword = "correct horse battery staple kolam";
export const staffAccounts = {
  admin: "admin@sampige-academy.example",
  embedded: "embedded.coordinator@sampige-academy.example",
  python: "python.coordinator@sampige-academy.example",
  iot: "iot.coordinator@sampige-academy.example",
  matlab: "matlab.coordinator@sampige-academy.example",
  ai: "ai.coordinator@sampige-academy.example",
} as const;
