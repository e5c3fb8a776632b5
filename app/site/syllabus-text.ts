import type { SyllabusSection } from "~/site/content/types";

/**
 * The syllabus as staff edit it in one text box: a section title on its own
 * line, its topics below it, each starting with "- ".
 */
export function syllabusToText(sections: readonly SyllabusSection[]): string {
  return sections.map((s) => [s.title, ...s.topics.map((t) => `- ${t}`)].join("\n")).join("\n\n");
}

export function textToSyllabus(text: string): { sections: SyllabusSection[] } | { error: string } {
  const sections: SyllabusSection[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (/^[-*•]\s*/.test(line)) {
      const topic = line.replace(/^[-*•]\s*/, "").trim();
      const current = sections.at(-1);
      if (!current) return { error: `The topic "${topic}" comes before any section title.` };
      if (topic) current.topics.push(topic.slice(0, 300));
    } else {
      sections.push({ title: line.slice(0, 200), topics: [] });
    }
  }
  if (sections.length === 0) return { error: "The syllabus needs at least one section." };
  const empty = sections.find((s) => s.topics.length === 0);
  if (empty) return { error: `The section "${empty.title}" has no topics: add lines starting with "- ".` };
  if (sections.length > 40) return { error: "The syllabus can have at most 40 sections." };
  return { sections };
}
