// The names the desk shows for how students came: the defaults of intake-sources.ts, as the
// site configuration may rename them. Browser-safe.
import { site } from "~/config/site";
import { defaultIntakeSourceLabels, type IntakeSource, intakeSources } from "./intake-sources";

export const intakeSourceLabels = Object.fromEntries(
  intakeSources.map((source) => [
    source,
    site.admissions.intakeSourceLabels[source] ?? defaultIntakeSourceLabels[source],
  ]),
) as Record<IntakeSource, string>;
