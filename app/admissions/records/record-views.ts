// What the records desk sends to the page: one shape each, shared by the server modules that
// build them (record-list, record-page and record-forms.server.ts) and the components that
// show them. Browser-safe.
import type { StudentStage } from "./student-stages";

/** One row of the Students list. */
export interface RecordRowView {
  id: number;
  name: string;
  mobile: string;
  email: string;
  district: string;
  courses: string[];
  /** The branch's name ("Not known yet" when none), and whether it is only a guess from the state. */
  branch: string;
  branchGuess: boolean;
  stage: StudentStage;
  ownerName: string | null;
  nextFollowUpAt: string | null;
  overdue: boolean;
  createdAt: string;
  /** Another record looks like the same student (app/admissions/merge/student-merge.server.ts). */
  duplicate: boolean;
}

/** One timeline entry, its time as an ISO string. */
export interface TimelineView {
  id: number;
  kind: string;
  at: string;
  actor: string;
  detail: Record<string, unknown>;
}

/** What a refused form sends back: the message, which field it is about, and what was typed. */
export interface RecordFormProblem {
  ok: false;
  intent: string;
  error: string;
  field?: string;
  values: Record<string, string>;
  /** Set when the record changed since the page was loaded. */
  conflict?: {
    current: {
      stage: string;
      lostReason: string | null;
      ownerName: string | null;
      nextFollowUpAt: string | null;
      version: number;
    };
    changes: TimelineView[];
  };
}
