/** The institute's headline numbers: the desk's fields and the home page's words, in this order. */
export const headlineFields = [
  { name: "studentsTrained", label: "Students trained", shown: "students trained" },
  { name: "batchesRun", label: "Batches run", shown: "batches run" },
  { name: "hiringPartners", label: "Hiring partners", shown: "hiring partners" },
] as const;
