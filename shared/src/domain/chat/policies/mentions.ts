/**
 * '@name' in a message notifies that person (issue #46). A mention is '@' at the start or after a
 * character that is not part of a name, followed by the exact username (case ignored) and then
 * anything that is not part of a name; so '@sam' names sam but not samuel, and 'me@sam.com' no one.
 */
const NAME_CHARACTER = /[\p{L}\p{N}_.-]/u;

/** What may not follow a name: a name character, or a full stop that goes on into one ('@sam.b'). */
const NAME_GOES_ON = /^(?:[\p{L}\p{N}_-]|\.[\p{L}\p{N}_-])/u;

function namesAt(text: string, at: number, username: string): boolean {
  if (at > 0 && NAME_CHARACTER.test(text[at - 1]!)) return false;
  const end = at + 1 + username.length;
  if (text.slice(at + 1, end).toLowerCase() !== username.toLowerCase()) return false;
  return !NAME_GOES_ON.test(text.slice(end));
}

/** The people of `people` the text mentions, each once, in the order given, without `authorId`. */
export function mentionsIn<Person extends { userId: string; username: string }>(
  text: string,
  people: readonly Person[],
  authorId: string,
): Person[] {
  const ats: number[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) ats.push(at);
  if (ats.length === 0) return [];
  return people.filter(
    (person, index) =>
      person.userId !== authorId &&
      person.username !== '' &&
      people.findIndex((other) => other.userId === person.userId) === index &&
      ats.some((at) => namesAt(text, at, person.username)),
  );
}
