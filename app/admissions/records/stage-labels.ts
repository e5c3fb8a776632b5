// The names the desk shows for stages and lost reasons: the defaults of student-stages.ts, as
// the site configuration may rename them. Browser-safe.
import { site } from "~/config/site";
import {
  defaultLostReasonLabels,
  defaultStageLabels,
  type LostReason,
  lostReasons,
  type StudentStage,
  studentStages,
} from "./student-stages";

export const stageLabels = Object.fromEntries(
  studentStages.map((stage) => [stage, site.admissions.stageLabels[stage] ?? defaultStageLabels[stage]]),
) as Record<StudentStage, string>;

export const lostReasonLabels = Object.fromEntries(
  lostReasons.map((reason) => [reason, site.admissions.lostReasonLabels[reason] ?? defaultLostReasonLabels[reason]]),
) as Record<LostReason, string>;
