// `npm run cli`: runs the command-line tool from its TypeScript sources with Node's own type
// stripping, resolving the project's imports as the build does (http/module-loading.ts).
import { speedUpModuleLoading } from "../http/module-loading.ts";

speedUpModuleLoading({ sources: true, compileCache: true });
await import("./index.ts");
