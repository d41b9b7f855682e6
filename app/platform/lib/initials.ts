/** The first letters of a name's first two words: the placeholder where a logo or picture is missing. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0])
    .join("");
