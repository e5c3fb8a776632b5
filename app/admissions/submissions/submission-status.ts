// Where a counsellor is with an enquiry or registration: one definition for the database's
// check, the desk's form and its labels. Browser-safe; relative imports only (the schema loads it).

export const submissionStatuses = ["new", "contacted", "enrolled", "not_interested"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const statusLabels: Record<SubmissionStatus, string> = {
  new: "New",
  contacted: "Contacted",
  enrolled: "Enrolled",
  not_interested: "Not interested",
};
