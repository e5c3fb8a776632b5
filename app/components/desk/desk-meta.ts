import { site } from "~/config/site";

/** A desk page's title and robots rule: "<what the page is> | Desk | <institute>", never indexed. */
export function deskMeta(title: string) {
  return [{ title: `${title} | Desk | ${site.name}` }, { name: "robots", content: "noindex" }];
}
