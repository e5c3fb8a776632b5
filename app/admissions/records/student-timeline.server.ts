// A student record's timeline: who did what on it, added to and never edited (erasure aside).

/** Who did something on the desk; null actor: the site itself (a form arriving). */
export interface Actor {
  id: string;
  email: string;
}
