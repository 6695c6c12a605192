import { describe, expect, it } from "vitest";
import { chunkPagesYielding, chunkText, looksLikeContents, normalizeText } from "@/lib/services/knowledge-bases/text-chunks";

const sentence = (i: number) => `Sentence number ${i} talks about topic ${i} in a few more words.`;

describe("chunkText", () => {
  it("keeps a short text whole", () => {
    expect(chunkText("  Open daily.\n\nClosed on holidays.  ")).toEqual(["Open daily.\n\nClosed on holidays."]);
    expect(chunkText("   \n\n ")).toEqual([]);
  });

  it("cuts long text into chunks of about the target size on sentence boundaries, never above the maximum", () => {
    const text = Array.from({ length: 80 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkText(text, { targetSize: 500, maxSize: 600, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(600);
      expect(chunk).toMatch(/^Sentence number \d+/);
      expect(chunk).toMatch(/words\.$/);
    }
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(400);
    // Every sentence is in some chunk.
    for (let i = 0; i < 80; i++) expect(chunks.some((chunk) => chunk.includes(sentence(i)))).toBe(true);
  });

  it("starts each chunk with the previous chunk's last sentences (up to the overlap), so a passage cut in two still matches", () => {
    const text = Array.from({ length: 40 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkText(text, { targetSize: 300, maxSize: 400, overlap: 130 });
    for (let i = 1; i < chunks.length; i++) {
      const [secondLast, last] = chunks[i - 1].split(/(?<=\.) /).slice(-2);
      expect(chunks[i].startsWith(`${secondLast} ${last} `)).toBe(true);
    }
    expect(chunkText(text, { targetSize: 300, maxSize: 400, overlap: 0 }).every((chunk, i, all) => i === 0 || !chunk.startsWith(all[i - 1].split(/(?<=\.) /).at(-1)!))).toBe(true);
  });

  it("prefers paragraph boundaries and keeps them as blank lines", () => {
    const paragraph = (name: string) => `${name}: ${"word ".repeat(60).trim()}.`;
    const chunks = chunkText([paragraph("First"), paragraph("Second"), paragraph("Third")].join("\n\n"), { targetSize: 600, maxSize: 700, overlap: 0 });
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toBe(`${paragraph("First")}\n\n${paragraph("Second")}`);
    expect(chunks[1]).toBe(paragraph("Third"));
  });

  it("splits a sentence longer than a chunk by words, and a word longer than a chunk by characters", () => {
    const long = "alpha ".repeat(400).trim();
    const chunks = chunkText(long, { targetSize: 500, maxSize: 600, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(600);
      expect(chunk).toMatch(/^alpha( alpha)*$/);
    }
    const word = "x".repeat(1500);
    expect(chunkText(word, { targetSize: 500, maxSize: 600, overlap: 0 }).map((chunk) => chunk.length)).toEqual([600, 600, 300]);
  });
});

describe("normalizeText", () => {
  it("drops NUL and control characters, collapses spaces and blank lines, keeps paragraphs", () => {
    expect(normalizeText("a\u0000b\r\n\r\n\r\n\r\nc \t d\u000c")).toBe("a b\n\nc d");
  });
});

describe("contents pages", () => {
  it("tells a table of contents or an index from prose", () => {
    expect(looksLikeContents("Table of contents\n1 Welcome ........ 2\n2 Opening hours ........ 3")).toBe(true);
    expect(looksLikeContents("Introduction .... 1\nBooking a table .... 4\nGroups and events .... 7\nGift vouchers .... 9\nRefunds …… 11")).toBe(true);
    expect(looksLikeContents("1.1 Opening hours  3\n1.2 Parking  4\n2 Menus  6\n2.1 Wine  8")).toBe(true);
    expect(looksLikeContents("We are open Tuesday to Sunday from noon.\nOn Mondays the kitchen is closed.\nGroups of 8 need a deposit of 20.\nParking is free after 6.")).toBe(false);
  });

  it("chunks each PDF page on its own, so every chunk knows its page", async () => {
    const chunks = await chunkPagesYielding(["First page text.", "", "Third page text."], "ignored");
    expect(chunks.map((chunk) => [chunk.page, chunk.content])).toEqual([
      [1, "First page text."],
      [3, "Third page text."],
    ]);
    expect(await chunkPagesYielding(null, "A text source.")).toEqual([{ content: "A text source.", page: null, isContents: false }]);
  });
});
