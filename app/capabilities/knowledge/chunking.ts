export interface ChunkOptions {
  /** Longest chunk, in characters. */
  size: number;
  /** How much of the end of one chunk is repeated at the start of the next, in characters. */
  overlap: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { size: 900, overlap: 150 };

/**
 * Splits page text into overlapping chunks along paragraph and sentence boundaries, so a
 * passage that straddles two chunks is still found whole in one of them.
 */
export function chunkText(text: string, options: ChunkOptions = DEFAULT_CHUNKING): string[] {
  const { size, overlap } = options;
  if (size < 50 || overlap < 0 || overlap >= size) throw new RangeError("bad chunk options");
  const units = splitUnits(text, size);
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  const flush = () => {
    if (!current.length) return;
    chunks.push(current.join(" "));
    // Carry whole trailing units forward, up to the overlap.
    const carried: string[] = [];
    let carriedLength = 0;
    for (let i = current.length - 1; i > 0; i--) {
      const unit = current[i]!;
      if (carriedLength + unit.length + 1 > overlap) break;
      carried.unshift(unit);
      carriedLength += unit.length + 1;
    }
    current = carried;
    length = carriedLength;
  };
  for (const unit of units) {
    if (length + unit.length + (current.length ? 1 : 0) > size) {
      flush();
      // The carried overlap must never stop a unit from fitting.
      while (current.length && length + unit.length + 1 > size) {
        length -= current.shift()!.length + 1;
      }
    }
    current.push(unit);
    length += unit.length + (current.length > 1 ? 1 : 0);
  }
  // A flush only happens before a new unit is added, so what is left always holds new text.
  if (current.length) chunks.push(current.join(" "));
  return chunks;
}

/** Paragraphs, then sentences for long paragraphs, then words for very long sentences. */
function splitUnits(text: string, size: number): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  const units: string[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.length <= size) {
      units.push(paragraph);
      continue;
    }
    for (const { segment } of segmenter.segment(paragraph)) {
      const sentence = segment.trim();
      if (!sentence) continue;
      if (sentence.length <= size) units.push(sentence);
      else units.push(...splitWords(sentence, size));
    }
  }
  return units;
}

function splitWords(sentence: string, size: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const word of sentence.split(" ")) {
    // A single "word" longer than a chunk (a data URL, say) is cut where it must be.
    for (let start = 0; start < word.length; start += size) {
      const part = word.slice(start, start + size);
      if (piece && piece.length + 1 + part.length > size) {
        pieces.push(piece);
        piece = part;
      } else piece = piece ? `${piece} ${part}` : part;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}
