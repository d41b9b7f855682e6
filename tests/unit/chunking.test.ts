import { describe, expect, it } from "vitest";
import { chunkText } from "~/capabilities/knowledge/chunking";

const sentence = (i: number) => `Sentence number ${i} says something useful about merch.`;

describe("chunking page text", () => {
  it("keeps a short page in one chunk", () => {
    expect(chunkText("Hello there.\n\nSecond paragraph.")).toEqual([
      "Hello there. Second paragraph.",
    ]);
    expect(chunkText("   \n\n ")).toEqual([]);
  });

  it("splits long text into chunks no longer than the size, each overlapping the last", () => {
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkText(text, { size: 300, overlap: 80 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(300);
    for (let i = 1; i < chunks.length; i++) {
      const lastSentenceOfPrevious = chunks[i - 1]!.match(/Sentence number \d+[^.]*\./g)!.at(-1)!;
      expect(chunks[i]!.startsWith(lastSentenceOfPrevious)).toBe(true);
    }
    // Nothing is lost: every sentence is in some chunk.
    for (let i = 0; i < 60; i++) expect(chunks.some((c) => c.includes(sentence(i)))).toBe(true);
  });

  it("breaks on paragraphs first and cuts a sentence longer than a chunk by words", () => {
    const long = "word ".repeat(200).trim();
    const chunks = chunkText(`Intro paragraph.\n\n${long}`, { size: 120, overlap: 20 });
    expect(chunks[0]).toBe("Intro paragraph.");
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(120);
    expect(chunks.join(" ").split("word").length - 1).toBeGreaterThanOrEqual(200);
  });

  it("refuses an overlap as large as the chunk", () => {
    expect(() => chunkText("x", { size: 100, overlap: 100 })).toThrow(RangeError);
  });
});
