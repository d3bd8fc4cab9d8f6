/** Text as the filter compares it: accents and case ignored, so "zoe" finds "Zoë" and "ZOË". */
export function foldSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Whether every word the user typed appears in at least one of the texts ("line 12 name" finds
 * "Name, line 12"). An empty query matches everything.
 */
export function matchesSearch(query: string, texts: ReadonlyArray<string | null | undefined>) {
  const words = foldSearchText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return true;
  }
  const haystack = texts
    .filter((text): text is string => Boolean(text))
    .map(foldSearchText)
    .join('\n');
  return words.every((word) => haystack.includes(word));
}
